/**
 * The CSV import writes every row of the file in one statement per table, so it runs under its own limit
 * (IMPORT_TIMEOUT_MS) instead of the request deadline and the statement timeout of the rest of the API.
 */
import { count } from './support/crm';
import { createTestApp, TestApp } from './support/test-app';

// short enough for the slow row (2.5 s) to outlast them, long enough for registering and the rest on a busy machine
const SHORT = { REQUEST_TIMEOUT_MS: '1500', DB_STATEMENT_TIMEOUT_MS: '1000' };
const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

/** An app with `env`, an organization, and its contacts insert sleeping 2.5 s at the row named S2. */
async function slowImport(env: Record<string, string>) {
  const t = await createTestApp(env);
  apps.push(t);
  const org = await t.registerOrg('Slow import');
  await t.sql(
    `create or replace function crm_test_slow() returns trigger language plpgsql as $$
     begin if new.organization_id = '${org.organizationId}' and new.name = 'S2' then perform pg_sleep(2.5); end if;
     return new; end $$`,
  );
  await t.sql(`create trigger crm_test_slow before insert on contacts for each row execute function crm_test_slow()`);
  const res = await org.agent
    .post('/api/customers/import')
    .attach('file', Buffer.from('name,email\nS1,s1@example.com\nS2,s2@example.com\n'), 'c.csv');
  return { res, customers: await count(t, 'customers', org.organizationId) };
}

it('an import whose insert outlasts REQUEST_TIMEOUT_MS and DB_STATEMENT_TIMEOUT_MS completes', async () => {
  const { res, customers } = await slowImport({ ...SHORT, IMPORT_TIMEOUT_MS: '20000' });
  expect([res.status, res.body.created]).toEqual([200, 2]);
  expect(customers).toBe(2);
});

it('past IMPORT_TIMEOUT_MS the import is cancelled and writes nothing', async () => {
  const { res, customers } = await slowImport({ ...SHORT, IMPORT_TIMEOUT_MS: '1500' });
  expect([res.status, res.body.code]).toEqual([503, 'REQUEST_TIMEOUT']);
  expect(customers).toBe(0);
});
