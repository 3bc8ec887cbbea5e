/**
 * `npm run export-worker` (scripts/export-worker.ts; docs/jobs.md, "Exports as jobs"): the list-export queue worked
 * by a process of its own that serves no HTTP. A real process, run from the TypeScript sources on the test's
 * database, takes an export job the API queued and writes the file the streamed export writes, then stops on SIGTERM.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Response } from 'supertest';
import { createTestApp, type Registered, type TestApp } from './support/test-app';

let t: TestApp;
let org: Registered;
let child: ChildProcess | undefined;

beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Export worker');
  await t.sql(
    `insert into contacts (id, organization_id, name, email, status, source, created_at, updated_at)
     select gen_random_uuid(), $1, 'Contact ' || n, 'c' || n || '@worker.example', 'lead',
       case when n % 50 = 0 then '=cmd|' || n else 'web' end, now() - n * interval '1 second', now()
     from generate_series(1, 250) n`,
    [org.organizationId],
  );
}, 120_000);
afterAll(async () => {
  child?.kill('SIGKILL');
  await t.close();
});

function asText(res: Response, done: (err: Error | null, body: string) => void): void {
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (c: string) => (text += c));
  res.on('end', () => done(null, text));
}
const download = (path: string) =>
  org.agent
    .get(path)
    .buffer(true)
    .parse(asText as never);

it('works an export job queued by the API, writes the streamed CSV, and stops on SIGTERM', async () => {
  const asked = await org.agent.get('/api/contacts/export?async=true&sortBy=name&sortOrder=asc');
  expect(asked.status).toBe(202);
  const output: string[] = [];
  child = spawn(process.execPath, ['-r', './test/support/ts-register.js', 'scripts/export-worker.ts'], {
    cwd: join(__dirname, '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: t.orm.config.get('clientUrl')!,
      DATA_DIR: '/nonexistent-export-worker-data',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      MIGRATE_ON_START: 'false',
    },
  });
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (c) => output.push(String(c)));
  const exited = new Promise<number | null>((resolve) => child?.once('exit', resolve));

  let job: { status: string; rowsWritten: number; report: { result: string; rows: number } | null } | undefined;
  for (const started = Date.now(); Date.now() - started < 50_000;) {
    job = (await org.agent.get(asked.headers.location)).body;
    if (job?.status !== 'queued' && job?.status !== 'running') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  expect({ status: job?.status, output: job?.status === 'succeeded' ? [] : output }).toEqual({
    status: 'succeeded',
    output: [],
  });
  expect(job?.report?.rows).toBe(250);
  const file = await download(job!.report!.result);
  expect(file.status).toBe(200);
  expect(file.body).toBe((await download('/api/contacts/export?sortBy=name&sortOrder=asc')).body);
  expect(file.body).toContain(",'=cmd|50,");
  expect(output.join('')).toContain('list-export worker started');

  child.kill('SIGTERM');
  expect(await exited).toBe(0);
}, 90_000);
