/**
 * The import analyses what it wrote (docs/decisions.md, "The import analyses what it wrote"): on a database whose
 * autovacuum never runs for the tables, the reads after a large import are planned on statistics that count the
 * new rows. Proven by the planner's row estimates and the tables' last analysis, never by timing.
 */
import { createTestApp, Registered, TestApp } from './support/test-app';

const ROWS = 20_000;
let t: TestApp;
let org: Registered;
beforeAll(async () => {
  t = await createTestApp({ IMPORT_MAX_BYTES: String(4 * 1024 * 1024), IMPORT_MAX_ROWS: String(ROWS) });
  // this test file's own database: no autovacuum (nor autoanalyze) on the tables the import writes
  for (const table of ['contacts', 'customers']) await t.sql(`alter table ${table} set (autovacuum_enabled = false)`);
  org = await t.registerOrg('Statistics');
  const few = Array.from({ length: 25 }, (_, i) => `Known ${i},known${i}@stats.example`).join('\n');
  expect((await upload(`name,email\n${few}\n`)).body).toMatchObject({ created: 25 }); // the 25 customers
});
afterAll(() => t.close());

const upload = (csv: string, dryRun = false) =>
  org.agent
    .post(`/api/customers/import${dryRun ? '?dryRun=true' : ''}`)
    .attach('file', Buffer.from(csv, 'utf8'), { filename: 'customers.csv', contentType: 'text/csv' });

const lastAnalysed = async () =>
  (
    await t.sql<{ relname: string; analysed: string | null }>(
      `select relname, (extract(epoch from last_analyze) * 1e6)::bigint::text as analysed from pg_stat_user_tables
        where relname in ('contacts', 'customers') order by relname`,
    )
  ).map((r): [string, number | null] => [r.relname, r.analysed === null ? null : Number(r.analysed)]);

/** The planner's estimate of the organization's rows in a table (EXPLAIN, not run). */
async function estimate(table: string): Promise<number> {
  const [row] = await t.sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    `explain (format json) select * from ${table} where organization_id = $1`,
    [org.organizationId],
  );
  return row['QUERY PLAN'][0].Plan['Plan Rows'];
}

const file = (n: number, from = 0) =>
  'name,email,city\n' +
  Array.from({ length: n }, (_, i) => `Imported ${from + i},i${from + i}@stats.example,Austin`).join('\n');

it(`after a ${ROWS.toLocaleString('en')}-row import the tables are analysed: the planner counts the new rows`, async () => {
  const before = await lastAnalysed();
  const dry = await upload(file(1000), true); // past the threshold below, were it written
  expect(dry.body).toMatchObject({ dryRun: true, created: 1000 });
  expect(await lastAnalysed()).toEqual(before); // a dry run writes nothing and analyses nothing

  const res = await upload(file(ROWS));
  expect(res.body).toMatchObject({ dryRun: false, created: ROWS, failed: 0 });
  const after = await lastAnalysed();
  for (const [i, [table, analysed]] of after.entries()) {
    expect([table, analysed]).toEqual([table, expect.any(Number)]);
    expect([table, analysed! > (before[i][1] ?? 0)]).toEqual([table, true]);
  }
  const reltuples = await t.sql<{ relname: string; reltuples: number }>(
    `select relname, reltuples from pg_class where relname in ('contacts', 'customers') order by relname`,
  );
  for (const r of reltuples) expect([r.relname, r.reltuples >= ROWS]).toEqual([r.relname, true]);
  for (const table of ['contacts', 'customers']) {
    const rows = await estimate(table);
    expect([table, rows > ROWS / 2 && rows < ROWS * 2]).toEqual([table, true]);
  }
  const list = await org.agent.get('/api/customers').query({ limit: 1 });
  expect([list.status, list.body.pagination?.totalItems]).toEqual([200, ROWS + 25]);
}, 120_000);

it('a small import into the large tables does not analyse them again (autovacuum’s threshold: 50 rows and 10 %)', async () => {
  const before = await lastAnalysed();
  const res = await upload(file(30, ROWS));
  expect(res.body).toMatchObject({ created: 30 });
  expect(await lastAnalysed()).toEqual(before);
});
