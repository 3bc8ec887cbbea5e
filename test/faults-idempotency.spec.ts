/**
 * Issue 24, part 6: a write burst while PostgreSQL is stopped and started again, every client retrying each write
 * with its own Idempotency-Key until it is acknowledged (as the typed client does). A 503 may come after the write
 * committed (the answer was lost, not the write): the retry must then get the stored answer, not write again.
 * Afterwards every write is there exactly once: no duplicate, no acknowledged write lost. The server is an
 * embedded PostgreSQL of this test's own, so it can be stopped.
 */
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import request from 'supertest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { App, createApp } from '../src/app';
import { createServices, openAppDatabase } from '../src/composition';
import { createLogger } from '../src/lib/logger';
import { withOwnerAccess } from '../src/db/access';
import { PgProcess, startPgProcess } from './support/pg-process';
import { PASSWORD, testConfig } from './support/test-app';
import { testPort } from './support/ports';

let dir: string;
let port: number;
let pg: PgProcess;
let orm: MikroORM;
let app: App;

beforeAll(async () => {
  const parent = mkdtempSync(join(tmpdir(), 'crm-idempotency-'));
  chmodSync(parent, 0o755);
  dir = join(parent, 'pg');
  port = testPort('idempotencyPostgres');
  pg = await startPgProcess(dir, port);
  orm = await openAppDatabase(pg.url, { poolMax: 6 });
  const config = testConfig({ DATA_DIR: join(parent, 'data') });
  app = await createApp({ config, orm, logger: createLogger('silent'), services: createServices(config) });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await orm?.close(true);
  await pg?.stop();
  rmSync(dirname(dir), { recursive: true, force: true });
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('writes every retried write exactly once across a database restart', async () => {
  const agent = request.agent(app.app);
  const registered = await agent.post('/api/auth/register').send({
    email: 'burst@example.test',
    password: PASSWORD,
    organizationName: 'Burst',
    firstName: 'Bu',
    lastName: 'Rst',
  });
  expect(registered.status).toBe(201);

  const acknowledged: string[] = [];
  const statuses: number[] = [];
  let replays = 0;
  let stop = false;
  /** One client: writes one task after another, each retried with its key until it is acknowledged. */
  const client = async (name: string) => {
    for (let n = 0; !stop; n++) {
      const title = `${name}-${n}`;
      const key = randomUUID();
      for (;;) {
        const res = await agent.post('/api/tasks').set('Idempotency-Key', key).send({ title });
        statuses.push(res.status);
        if (res.status === 201) {
          expect(res.body.title).toBe(title);
          if (res.headers['idempotent-replayed'] === 'true') replays++;
          acknowledged.push(title);
          break;
        }
        expect([503, 409]).toContain(res.status);
        expect(['SERVICE_UNAVAILABLE', 'REQUEST_TIMEOUT', 'IDEMPOTENCY_KEY_IN_USE']).toContain(res.body.code);
        await pause(50);
      }
    }
  };
  const clients = Promise.all(['a', 'b', 'c', 'd'].map(client));

  while (acknowledged.length < 20) await pause(20);
  await pg.stop();
  while (!statuses.includes(503)) await pause(20);
  pg = await startPgProcess(dir, port);
  const before = acknowledged.length;
  for (let i = 0; i < 400 && acknowledged.length < before + 20; i++) await pause(50);
  stop = true;
  await clients;

  expect(acknowledged.length).toBeGreaterThanOrEqual(before + 20);
  const rows: { title: string; n: number }[] = await orm.em.execute(
    'select title, count(*)::int as n from tasks group by title',
  );
  expect(rows.filter((r) => r.n > 1)).toEqual([]); // no duplicate
  expect(rows.map((r) => r.title).sort()).toEqual([...acknowledged].sort()); // none lost, none unacknowledged
  // how often the lost-answer case happened in this run (it depends on where the stop fell): for the record
  if (process.env.TEST_VERBOSE) console.log({ acknowledged: acknowledged.length, replays, statuses: statuses.length });
}, 120_000);

it('an answer lost after the write was made: the retry with the key gets the stored answer, not a second write', async () => {
  const agent = request.agent(app.app);
  const registered = await agent.post('/api/auth/register').send({
    email: 'lost@example.test',
    password: PASSWORD,
    organizationName: 'Lost answer',
    firstName: 'Lo',
    lastName: 'St',
  });
  expect(registered.status).toBe(201);
  const owner = (sql: string) => withOwnerAccess(() => orm.em.execute(sql));
  // the write takes a second; the client gives up on its answer after 300 ms (a lost answer, as a network
  // failure or a proxy's timeout makes) and retries with the same key
  await owner(`create or replace function crm_test_slow() returns trigger language plpgsql as $$
    begin if new.title = 'Slow write' then perform pg_sleep(1); end if; return new; end $$`);
  await owner('create trigger crm_test_slow before insert on tasks for each row execute function crm_test_slow()');
  const key = randomUUID();
  const statuses: (number | string)[] = [];
  try {
    for (;;) {
      const res = await agent
        .post('/api/tasks')
        .set('Idempotency-Key', key)
        .send({ title: 'Slow write' })
        .timeout(300)
        .catch((e: { code?: string }) => e.code ?? 'lost');
      if (typeof res !== 'object') statuses.push(res);
      else {
        statuses.push(res.status);
        if (res.status === 201) {
          expect(res.headers['idempotent-replayed']).toBe('true');
          break;
        }
        expect(res.body.code).toBe('IDEMPOTENCY_KEY_IN_USE');
      }
      await pause(100);
    }
  } finally {
    await owner('drop trigger crm_test_slow on tasks');
  }
  expect(statuses[0]).toBe('ECONNABORTED');
  const rows: unknown[] = await orm.em.execute(`select 1 from tasks where title = 'Slow write'`);
  expect(rows).toHaveLength(1);
}, 60_000);
