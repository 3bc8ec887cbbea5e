/**
 * A real server process (src/main.ts) is killed with SIGKILL in the middle of a CSV import, while the import's
 * statements run. The import is one transaction: nothing of the file is written, and re-running it on another
 * server imports every row once (docs/crm.md, "Malformed half-way, too many rows, a crash").
 */
import type { ChildProcess } from 'node:child_process';
import request from 'supertest';
import { startServer } from './support/server-process';
import { createTestApp, PASSWORD, TestApp, uniqueEmail } from './support/test-app';
import { testPort } from './support/ports';

const ROWS = 20_000;
let t: TestApp;
let server: ChildProcess | undefined;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  server?.kill('SIGKILL');
  await t.close();
});

const customers = async (organizationId: string) =>
  Number(
    (await t.sql<{ n: string }>('select count(*) as n from customers where organization_id = $1', [organizationId]))[0]
      .n,
  );

it('a server killed mid-import writes nothing of the file; a re-run imports it exactly once', async () => {
  const port = testPort('importKillServer');
  server = await startServer(port, t.orm.config.getClientUrl());
  const base = `http://127.0.0.1:${port}`;
  const email = uniqueEmail('importer');
  const reg = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: PASSWORD,
      organizationName: 'Killed import',
      firstName: 'Im',
      lastName: 'Porter',
    }),
  });
  expect(reg.status).toBe(201);
  const cookie = (reg.headers.get('set-cookie') ?? '').split(';')[0];
  const { user } = (await reg.json()) as { user: { organizationId: string } };

  const csv = ['name,email', ...Array.from({ length: ROWS }, (_, i) => `Customer ${i},c${i}@import.test`)].join('\n');
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'customers.csv');
  const upload = fetch(`${base}/api/customers/import`, { method: 'POST', headers: { cookie }, body: form }).then(
    (r) => r.status,
    () => 'connection lost' as const,
  );

  // kill it while the import's statements run (the staging copy, the decisions or the writes)
  let running = false;
  for (let i = 0; i < 1200 && !running; i++) {
    await new Promise((r) => setTimeout(r, 10));
    const active = await t.sql(
      `select 1 from pg_stat_activity
        where pid <> pg_backend_pid() and state = 'active' and query ~* '(import_rows|import_decided)'`,
    );
    running = active.length > 0;
  }
  expect(running).toBe(true);
  server.kill('SIGKILL');
  expect(await upload).toBe('connection lost');
  expect(await customers(user.organizationId)).toBe(0);

  const rerun = await request(t.http)
    .post('/api/customers/import')
    .set('Cookie', cookie)
    .attach('file', Buffer.from(csv), 'customers.csv');
  expect(rerun.status).toBe(200);
  expect(rerun.body).toMatchObject({
    totalRows: ROWS,
    failed: 0,
    updated: 0,
    skipped: 0,
    created: ROWS,
  });
  expect(await customers(user.organizationId)).toBe(ROWS);
  const dupes = await t.sql<{ n: string }>(
    'select count(*) - count(distinct lower(email)) as n from contacts where organization_id = $1',
    [user.organizationId],
  );
  expect(Number(dupes[0].n)).toBe(0);
}, 180_000);
