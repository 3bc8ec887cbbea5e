/**
 * SIGTERM (and Ctrl-C) stop the real server cleanly in development and production modes, where Apollo
 * would otherwise install its own signal handlers: the process exits with 0 within seconds.
 */
import { once } from 'node:events';
import { startServer } from './support/server-process';
import { createTestApp, TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it.each(['SIGTERM', 'SIGINT'] as const)(
  '%s stops a development server with exit code 0',
  async (signal) => {
    const port = 37000 + Math.floor(Math.random() * 3000);
    const server = await startServer(port, t.orm.config.getClientUrl(), { NODE_ENV: 'development' });
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    const exited = once(server, 'exit');
    server.kill(signal);
    const timeout = new Promise((r) => setTimeout(() => r(['timeout']), 15_000));
    const [code] = (await Promise.race([exited, timeout])) as [number | string];
    if (code === 'timeout') server.kill('SIGKILL');
    expect(code).toBe(0);
  },
  60_000,
);
