/**
 * `npm run openapi:print [-- file]`: writes the OpenAPI document exactly as GET /api/openapi.json serves it
 * (default openapi.json; `npm run client:generate` types the client from it).
 */
import 'reflect-metadata';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { buildAppBaseSchema, compileRoutes } from '../src/composition';
import { buildOpenApi } from '../rest-adapter/openapi';

const file = process.argv[2] ?? 'openapi.json';
buildAppBaseSchema()
  .then((schema) => {
    mkdirSync(dirname(file), { recursive: true }); // .data/ does not exist in a fresh clone
    writeFileSync(file, `${JSON.stringify(buildOpenApi(compileRoutes(schema)), null, 2)}\n`);
    console.log(`wrote ${file}`);
  })
  .catch((e) => {
    console.error(e);
    process.exit(1);
  });
