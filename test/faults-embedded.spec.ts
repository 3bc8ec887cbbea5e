/**
 * The embedded PostgreSQL never outlives the app that started it: killed (SIGKILL, no chance to clean up)
 * or crashed (an uncaught exception), the server's postmaster is gone within seconds (src/db/embedded.ts).
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPgProcess } from './support/pg-process';
import { testPort } from './support/ports';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function gone(pid: number, ms: number): Promise<boolean> {
  for (let waited = 0; waited < ms; waited += 200) {
    if (!alive(pid)) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return !alive(pid);
}

const folders: string[] = [];
afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

async function startedServer(env: Record<string, string> = {}) {
  const parent = mkdtempSync(join(tmpdir(), 'crm-embedded-'));
  chmodSync(parent, 0o755);
  folders.push(parent);
  const dir = join(parent, 'pg');
  const pg = await startPgProcess(dir, testPort('embeddedPostgres'), env);
  const postmaster = Number(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  expect(alive(postmaster)).toBe(true);
  return { pg, postmaster };
}

it('stops the embedded server when the app is killed with SIGKILL', async () => {
  const { pg, postmaster } = await startedServer();
  pg.child.kill('SIGKILL');
  expect(await gone(postmaster, 15_000)).toBe(true);
}, 60_000);

it('stops the embedded server when the app crashes', async () => {
  const { postmaster } = await startedServer({ CRASH_AFTER_START: '1' });
  expect(await gone(postmaster, 15_000)).toBe(true);
}, 60_000);
