import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { printSchemaFile } from '../src/composition';
import { createTestApp, TestApp } from './support/test-app';
import { withOwnerAccess } from '../src/db/access';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('schema.graphql is the schema the resolvers build (run `npm run schema:print` after changing them)', async () => {
  const committed = readFileSync(join(__dirname, '..', 'schema.graphql'), 'utf8');
  expect(committed).toBe(await printSchemaFile());
});

it('the committed migrations produce exactly the schema the entities describe', async () => {
  // As the owner, like the migrations: information_schema shows check constraints only to the tables' owner.
  const diff = await withOwnerAccess(() =>
    t.orm.schema.getUpdateSchemaSQL({ wrap: false, safe: false, dropTables: false }),
  );
  expect(diff.trim()).toBe('');
});
