import { ChildProcess, spawn } from 'node:child_process';

/** The real server (src/main.ts) in a child process, run from the TypeScript sources; resolves once /healthz answers. */
export function startServer(
  port: number,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-r', './test/support/ts-register.js', 'src/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      SEED_DEMO: 'false',
      SCHEDULER: 'false',
      WEBHOOK_WORKER: 'false',
      RATE_LIMIT_AUTH: '100000',
      RATE_LIMIT_WRITE: '100000',
      ...env,
    },
    stdio: 'ignore',
  });
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = async () => {
      if (child.exitCode !== null) return reject(new Error(`server exited with ${child.exitCode}`));
      const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return resolve(child);
      if (Date.now() - started > 60_000) return reject(new Error('server did not start'));
      setTimeout(poll, 200);
    };
    void poll();
  });
}
