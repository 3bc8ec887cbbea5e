/**
 * A real server process (src/main.ts) is killed with SIGKILL in the middle of a CSV import. Batches that were
 * committed stay; re-running the same file on another server reconciles: nothing is duplicated, the re-run's
 * counts add up to the file, and every row is there once (docs/crm.md, "Crash half-way").
 */
import type { ChildProcess } from 'node:child_process';
import request from 'supertest';
import { startServer } from './support/server-process';
import { createTestApp, PASSWORD, TestApp, uniqueEmail } from './support/test-app';

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

it('a server killed mid-import leaves whole batches; a re-run reconciles to exactly the file', async () => {
  const port = 41000 + Math.floor(Math.random() * 4000);
  server = await startServer(port, t.orm.config.getClientUrl(), { IMPORT_BATCH_SIZE: '200' });
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

  // kill it once some batches are committed and before the file is done
  let committed = 0;
  for (let i = 0; i < 600 && committed === 0; i++) {
    await new Promise((r) => setTimeout(r, 25));
    committed = await customers(user.organizationId);
  }
  server.kill('SIGKILL');
  expect(await upload).toBe('connection lost');
  const afterKill = await customers(user.organizationId);
  expect(afterKill).toBeGreaterThan(0);
  expect(afterKill).toBeLessThan(ROWS);
  expect(afterKill % 200).toBe(0); // whole batches only

  const rerun = await request(t.http)
    .post('/api/customers/import')
    .set('Cookie', cookie)
    .attach('file', Buffer.from(csv), 'customers.csv');
  expect(rerun.status).toBe(200);
  expect(rerun.body).toMatchObject({
    totalRows: ROWS,
    failed: 0,
    updated: 0,
    skipped: afterKill,
    created: ROWS - afterKill,
  });
  expect(await customers(user.organizationId)).toBe(ROWS);
  const dupes = await t.sql<{ n: string }>(
    'select count(*) - count(distinct lower(email)) as n from contacts where organization_id = $1',
    [user.organizationId],
  );
  expect(Number(dupes[0].n)).toBe(0);
}, 180_000);
