/**
 * PostgreSQL restarted under a write load: while it is down, clients get 503 with Retry-After and the error
 * body (never a 500); when it is back, the same app (no restart) serves again; every write that was
 * acknowledged (201) is there. The server is an embedded PostgreSQL of this test's own, so it can be stopped.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { App, createApp } from '../src/app';
import { createServices, openAppDatabase } from '../src/composition';
import { createLogger } from '../src/lib/logger';
import type { MikroORM } from '@mikro-orm/postgresql';
import { PgProcess, startPgProcess } from './support/pg-process';
import { PASSWORD, testConfig } from './support/test-app';
import { testPort } from './support/ports';

let dir: string;
let port: number;
let pg: PgProcess;
let orm: MikroORM;
let app: App;
/** The driver's warnings, as the app's logger would get them (src/runtime.ts), and what reached console.log. */
const driverLines: string[] = [];
let consoleLog: jest.SpyInstance;

beforeAll(async () => {
  const parent = mkdtempSync(join(tmpdir(), 'crm-restart-'));
  chmodSync(parent, 0o755);
  dir = join(parent, 'pg');
  port = testPort('restartPostgres');
  pg = await startPgProcess(dir, port);
  consoleLog = jest.spyOn(console, 'log');
  orm = await openAppDatabase(pg.url, { poolMax: 4, driverLog: (level, m) => driverLines.push(`${level} ${m}`) });
  const config = testConfig({ DATA_DIR: join(parent, 'data') });
  app = await createApp({ config, orm, logger: createLogger('silent'), services: createServices(config) });
}, 60_000);

afterAll(async () => {
  consoleLog.mockRestore();
  await app?.close();
  await orm?.close(true);
  await pg?.stop();
  rmSync(dirname(dir), { recursive: true, force: true });
});

function dirname(p: string): string {
  return p.slice(0, p.lastIndexOf('/'));
}

it('answers 503 with Retry-After while the database is down and recovers without a restart, losing no acknowledged write', async () => {
  const agent = request.agent(app.app);
  const registered = await agent.post('/api/auth/register').send({
    email: 'restart@example.test',
    password: PASSWORD,
    organizationName: 'Restart',
    firstName: 'Re',
    lastName: 'Start',
  });
  expect(registered.status).toBe(201);

  const acknowledged: string[] = [];
  const statuses: number[] = [];
  let stop = false;
  let n = 0;
  const writer = (async () => {
    while (!stop) {
      const email = `w${n++}@example.test`;
      const res = await agent.post('/api/contacts').send({ name: 'Writer', email, status: 'lead' });
      statuses.push(res.status);
      if (res.status === 201) acknowledged.push(email);
      else {
        expect(res.status).toBe(503);
        expect(res.headers['retry-after']).toBeDefined();
        expect(res.body).toEqual({
          error: 'Service Unavailable',
          message: expect.any(String),
          code: 'SERVICE_UNAVAILABLE',
          requestId: expect.any(String),
        });
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  })();

  while (acknowledged.length < 5) await new Promise((r) => setTimeout(r, 20));
  await pg.stop();
  const down = await agent.get('/api/contacts');
  expect(down.status).toBe(503);
  expect(down.headers['retry-after']).toBe('5');
  // GraphQL too (here authentication meets the database's absence first; a resolver meeting it answers the same:
  // test/graphql-unavailable.spec.ts).
  const gqlDown = await agent.post('/graphql').send({ query: '{ contacts(limit: 1) { data { id } } }' });
  expect(gqlDown.status).toBe(503);
  expect(gqlDown.headers['retry-after']).toBe('5');
  expect(gqlDown.body).toEqual({
    errors: [
      expect.objectContaining({
        message: 'The database is not reachable; retry shortly',
        extensions: expect.objectContaining({ code: 'SERVICE_UNAVAILABLE' }),
      }),
    ],
  });
  while (!statuses.includes(503)) await new Promise((r) => setTimeout(r, 20));

  pg = await startPgProcess(dir, port);
  const before = acknowledged.length;
  for (let i = 0; i < 200 && acknowledged.length < before + 5; i++) await new Promise((r) => setTimeout(r, 50));
  stop = true;
  await writer;

  expect(acknowledged.length).toBeGreaterThanOrEqual(before + 5);
  expect(statuses.every((s) => s === 201 || s === 503)).toBe(true);
  expect((await agent.get('/api/contacts')).status).toBe(200);
  const rows: { email: string }[] = await orm.em.execute('select email from contacts');
  const stored = new Set(rows.map((c) => c.email));
  expect(acknowledged.filter((e) => !stored.has(e))).toEqual([]);
}, 90_000);

it("sends the driver's warnings about the closed connections to the app's logger, never to the console", () => {
  // knex finds the pooled connections PostgreSQL closed and warns; by default it writes with console.log, outside the
  // logger's format and level (seen as raw lines in a production log during the soak, docs/performance.md, "Soak").
  expect(driverLines.some((l) => l.startsWith('warn Connection Error'))).toBe(true);
  expect(consoleLog.mock.calls.filter((c) => String(c[0]).includes('Connection Error'))).toEqual([]);
});
