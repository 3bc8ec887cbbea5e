#!/usr/bin/env node
/**
 * Lints an OpenAPI document with Redocly's recommended rules (@redocly/openapi-core, what `redocly lint` runs) and
 * Spectral's OAS ruleset (@stoplight/spectral-core with spectral-rulesets' `oas`, what `spectral lint` runs), through
 * their libraries, not their command lines. Redocly's core is ESM only: this plain-node script is how the jest tests
 * call it (test/openapi-lint.spec.ts). Usage:
 *   node scripts/lint-openapi.mjs openapi.json      or      ... | node scripts/lint-openapi.mjs -
 * Prints {"redocly": [...], "spectral": [...]} (every problem: severity, rule, where, message) and exits 1 when
 * either reports an error.
 */
import { readFileSync } from 'node:fs';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import spectralCore from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import spectralRulesets from '@stoplight/spectral-rulesets';

const source = process.argv[2] ?? '-';
const text = readFileSync(source === '-' ? 0 : source, 'utf8');

const redocly = await lintFromString({
  source: text,
  absoluteRef: 'openapi.json',
  config: await createConfig({ extends: ['recommended'] }),
});

const spectral = new spectralCore.Spectral();
spectral.setRuleset({ extends: [[spectralRulesets.oas, 'recommended']] });
const found = await spectral.run(new spectralCore.Document(text, spectralParsers.Json, 'openapi.json'));
const SEVERITY = ['error', 'warn', 'info', 'hint'];

const report = {
  redocly: redocly.map((p) => ({
    severity: p.severity,
    rule: p.ruleId,
    at: p.location?.[0]?.pointer ?? '',
    message: p.message,
  })),
  spectral: found.map((p) => ({
    severity: SEVERITY[p.severity],
    rule: String(p.code),
    at: '#/' + p.path.map((k) => String(k).replace(/~/g, '~0').replace(/\//g, '~1')).join('/'),
    message: p.message,
  })),
};
console.log(JSON.stringify(report, null, 2));
const errors = [...report.redocly, ...report.spectral].filter((p) => p.severity === 'error');
process.exit(errors.length ? 1 : 0);
