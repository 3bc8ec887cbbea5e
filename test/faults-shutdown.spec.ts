/**
 * SIGTERM (and Ctrl-C) stop the real server cleanly in development and production modes, where Apollo
 * would otherwise install its own signal handlers: the process exits with 0 within seconds. Started as a clone
 * starts it (embedded PostgreSQL, the scheduler and webhook worker on, logging), a stop prints no error or warning:
 * Ctrl-C signals the whole process group, and the embedded server must not go before the app's connections.
 */
import { once } from 'node:events';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { startServer } from './support/server-process';
import { createTestApp, TestApp } from './support/test-app';
import { testPort } from './support/ports';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Sends `signal` (to the group when `group`) and resolves with the exit code, or 'timeout' after 15 s. */
async function stop(server: ChildProcess, signal: NodeJS.Signals, group = false): Promise<number | string> {
  const exited = once(server, 'exit');
  if (group) process.kill(-server.pid!, signal);
  else server.kill(signal);
  const timeout = new Promise((r) => setTimeout(() => r(['timeout']), 15_000));
  const [code] = (await Promise.race([exited, timeout])) as [number | string];
  if (code === 'timeout') server.kill('SIGKILL');
  return code;
}

it.each(['SIGTERM', 'SIGINT'] as const)(
  '%s stops a development server with exit code 0',
  async (signal) => {
    const port = testPort('shutdownServer');
    const server = await startServer(port, t.orm.config.getClientUrl(), { NODE_ENV: 'development' });
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    expect(await stop(server, signal)).toBe(0);
  },
  60_000,
);

it.each([
  ['Ctrl-C (SIGINT to the process group)', 'SIGINT', true],
  ['SIGTERM to the server', 'SIGTERM', false],
] as const)(
  '%s stops every part of a server on its embedded database without an error line',
  async (_name, signal, group) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'crm-stop-'));
    chmodSync(dataDir, 0o755); // as root, the server runs as the postgres user, who must reach the folder
    const output: string[] = [];
    try {
      const port = testPort('shutdownServer');
      const server = await startServer(
        port,
        '',
        {
          DATA_DIR: dataDir,
          EMBEDDED_PG_PORT: String(testPort('shutdownPostgres')),
          LOG_LEVEL: 'info',
          LOG_FORMAT: 'json',
          NODE_ENV: 'development',
          SCHEDULER: 'true',
          WEBHOOK_WORKER: 'true',
        },
        { output, detached: true },
      );
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
      expect(await stop(server, signal, group)).toBe(0);
      const lines = output.join('').split('\n').filter(Boolean);
      expect(lines.map((l) => l.slice(0, 200))).toContainEqual(expect.stringContaining('"msg":"shutting down"'));
      // Every line is one JSON log line (no dump of a client), none at warn (40) or above.
      const parsed = lines.map((line) => {
        try {
          return JSON.parse(line) as { level: number; msg: string; err?: { message?: string } };
        } catch {
          return { level: Infinity, msg: line };
        }
      });
      // with the error's own message: a pg-boss stop that resolved before its sockets closed once failed a loaded run
      // (docs/decisions.md, "Stopping"; guarded in test/scheduler.spec.ts)
      expect(
        parsed.filter((l) => l.level >= 40).map((l) => [l.msg, l.err?.message].filter(Boolean).join(': ')),
      ).toEqual([]);
      // The embedded server stopped with the app (a running postmaster keeps its pid file).
      expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
  150_000,
);
