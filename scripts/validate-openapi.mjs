#!/usr/bin/env node
/**
 * Validates an OpenAPI document against the official OpenAPI 3.x JSON schema (@seriousme/openapi-schema-validator,
 * which is ESM only: this plain-node script is how the jest tests call it). Usage:
 *   node scripts/validate-openapi.mjs openapi.json      or      ... | node scripts/validate-openapi.mjs -
 * Prints {"valid": true, "version": "3.1"} or the errors, and exits 1 when the document is not valid.
 */
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';

const source = process.argv[2] ?? '-';
const document = JSON.parse(readFileSync(source === '-' ? 0 : source, 'utf8'));
const validator = new Validator();
const result = await validator.validate(document);
console.log(
  JSON.stringify(
    result.valid ? { valid: true, version: validator.version } : { valid: false, errors: result.errors },
    null,
    2,
  ),
);
process.exit(result.valid ? 0 : 1);
