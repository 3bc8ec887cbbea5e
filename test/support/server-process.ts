import { ChildProcess, spawn } from 'node:child_process';

export interface ServerOptions {
  /** Collects what the server prints (stdout and stderr), chunk by chunk; else its output is ignored. */
  output?: string[];
  /** Leads a process group of its own, as `npm start` in a terminal does: Ctrl-C is `process.kill(-pid, 'SIGINT')`. */
  detached?: boolean;
}

/**
 * The real server (src/main.ts) in a child process, run from the TypeScript sources; resolves once /healthz answers.
 * An empty `databaseUrl` starts it as a clone does: with its embedded PostgreSQL under DATA_DIR.
 */
export function startServer(
  port: number,
  databaseUrl: string,
  env: Record<string, string> = {},
  options: ServerOptions = {},
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
    stdio: options.output ? ['ignore', 'pipe', 'pipe'] : 'ignore',
    detached: options.detached,
  });
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk) => options.output?.push(String(chunk)));
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = async () => {
      if (child.exitCode !== null) return reject(new Error(`server exited with ${child.exitCode}`));
      const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return resolve(child);
      if (Date.now() - started > 90_000) return reject(new Error('server did not start'));
      setTimeout(poll, 200);
    };
    void poll();
  });
}
