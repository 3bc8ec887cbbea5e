/** `npm run schema:print`: writes schema.graphql from the resolvers. test/schema.spec.ts fails when it is stale. */
import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { printSchemaFile } from '../src/composition';

printSchemaFile()
  .then((sdl) => {
    writeFileSync('schema.graphql', sdl);
    console.log('wrote schema.graphql');
  })
  .catch((e) => {
    console.error(e);
    process.exit(1);
  });
