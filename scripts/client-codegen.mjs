#!/usr/bin/env node
/**
 * `npm run client:generate` (its GraphQL half): the typed client's operation types, from the committed
 * schema.graphql and the operations in clients/typescript/src/operations, written to
 * clients/typescript/src/generated/graphql/; `--check` writes nothing and exits 1 when a file would change
 * (test/client.spec.ts). GraphQL Code Generator's core and client preset, run as its CLI runs them, without the
 * CLI, whose remote loaders need a newer Node than this project's (docs/decisions.md, "Installing on Node 20").
 * A plain-node script: the preset loads an ESM-only module, which jest's module loader refuses.
 * `documentMode: 'string'`: the generated documents are typed strings, so the client needs no GraphQL library.
 */
import { codegen } from '@graphql-codegen/core';
import { preset } from '@graphql-codegen/client-preset';
import { getCachedDocumentNodeFromSchema } from '@graphql-codegen/plugin-helpers';
import { buildSchema, lexicographicSortSchema, parse, print } from 'graphql';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUTPUT = 'clients/typescript/src/generated/graphql/';
const OPERATIONS = 'clients/typescript/src/operations';
const CONFIG = {
  documentMode: 'string',
  enumsAsTypes: true,
  useTypeImports: true,
  scalars: { DateTimeISO: 'string', JSONObject: 'Record<string, unknown>' },
  importExtension: '',
  emitLegacyCommonJSImports: true,
};

// the schema sorted, as the CLI loads one; the documents printed, as its loader passes them
const schemaAst = lexicographicSortSchema(buildSchema(readFileSync(join(ROOT, 'schema.graphql'), 'utf8')));
const documents = readdirSync(join(ROOT, OPERATIONS))
  .filter((f) => f.endsWith('.graphql'))
  .sort()
  .map((f) => {
    const location = join(ROOT, OPERATIONS, f);
    const document = parse(readFileSync(location, 'utf8'));
    return { location, rawSDL: print(document), document };
  });
const outputs = await preset.buildGeneratesSection({
  baseOutputDir: OUTPUT,
  presetConfig: { fragmentMasking: false },
  plugins: [],
  schema: getCachedDocumentNodeFromSchema(schemaAst),
  schemaAst,
  documents,
  config: CONFIG,
  pluginMap: {},
  pluginContext: {},
  documentTransforms: [],
});

const check = process.argv.includes('--check');
const stale = [];
for (const output of outputs) {
  const content = await codegen({ ...output, importExtension: '', emitLegacyCommonJSImports: true });
  let current;
  try {
    current = readFileSync(join(ROOT, output.filename), 'utf8');
  } catch {
    current = undefined;
  }
  if (current === content) continue;
  stale.push(output.filename);
  if (!check) writeFileSync(join(ROOT, output.filename), content);
}
if (check && stale.length) {
  console.error(`client-codegen: out of date: ${stale.join(', ')} (run npm run client:generate)`);
  process.exit(1);
}
console.log(`client-codegen: ${check ? 'up to date' : stale.length ? `wrote ${stale.join(', ')}` : 'unchanged'}`);
