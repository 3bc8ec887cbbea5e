/**
 * The processes of `npm run bench http`: the service as `main` starts it (limits raised, no background jobs),
 * the floor and PostGraphile, each with bench/http/instrument.ts preloaded; `stats()` asks it over IPC.
 */
import { ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { ROOT } from './deps';

export interface Server {
  base: string;
  pid: number;
  /** `gc`: two full collections first (the service started with `--expose-gc`: the live heap). */
  stats(opts?: { gc?: boolean }): Promise<{ statements: number; rss: number; memory: NodeJS.MemoryUsage }>;
  stop(): void;
}

const SCRIPTS = {
  // BENCH_WORKERS > 1: the service as that many processes sharing its port (cluster-app.ts)
  app:
    Number(process.env.BENCH_WORKERS ?? 1) > 1
      ? join(__dirname, 'cluster-app.js')
      : join(__dirname, '..', '..', 'src', 'main.js'),
  floor: join(__dirname, 'floor-server.js'),
  postgraphile: join(__dirname, 'postgraphile-server.js'),
};

/** The node flags package.json's `script` gives `file` (a path under dist/), so that the bench runs it as deployed. */
function flagsOf(script: string, file: string): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const command = new RegExp(`\\bnode ((?:--\\S+ )*)${file.replace(/[./]/g, '\\$&')}`).exec(pkg.scripts[script] ?? '');
  if (!command) throw new Error(`package.json ${script} no longer runs node ${file}`);
  return command[1].split(' ').filter(Boolean);
}

/** The node flags `npm start` gives the service (package.json), so that the bench runs it as it is deployed. */
export const startFlags = (): string[] => flagsOf('start', 'dist/src/main.js');

/** As deployed (Dockerfile: NODE_ENV=production, a session secret), with the limits raised and no background jobs. */
const APP_ENV = {
  SESSION_SECRET: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  SCHEDULER: 'false',
  STAGE_DRIFT_JOB: 'false',
  WEBHOOK_WORKER: 'false',
  RATE_LIMIT_READ: '100000000',
  RATE_LIMIT_WRITE: '100000000',
  RATE_LIMIT_AUTH: '100000000',
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Polls the service's /healthz until it answers. */
async function ready(child: ChildProcess, base: string, kind: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  let exited = false;
  child.once('exit', () => (exited = true));
  while (Date.now() < deadline && !exited) {
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${kind} did not start`);
}

/**
 * The service listens where `main` listens (all interfaces, a free port); the floor and PostGraphile listen on
 * port 0 of their own loopback address and say which port they got, so no two servers can share an address.
 */
const HOSTS = { floor: '127.0.0.2', postgraphile: '127.0.0.3' };

/** `port`: the service's port (a restarted instance behind the soak's balancer keeps its own); else a free one. */
export async function start(kind: keyof typeof SCRIPTS, env: Record<string, string>, port?: number): Promise<Server> {
  port ??= kind === 'app' ? await freePort() : 0;
  const child = fork(SCRIPTS[kind], [], {
    execArgv: [
      ...(kind === 'app' ? startFlags() : []),
      // BENCH_APP_FLAGS: more node flags for the service (a memory experiment: `--max-semi-space-size=4`)
      ...(kind === 'app' ? (process.env.BENCH_APP_FLAGS ?? '').split(' ').filter(Boolean) : []),
      ...(process.env.BENCH_PROF === kind ? ['--cpu-prof'] : []),
      '--require',
      join(__dirname, 'instrument.js'),
    ],
    // Every process in production mode (graphql-js, which PostGraphile uses too, checks instances more slowly outside it).
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ...(kind === 'app' ? APP_ENV : { HOST: HOSTS[kind] }),
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let base: string;
  if (kind === 'app') {
    base = `http://127.0.0.1:${port}`;
    await ready(child, base, kind);
  } else {
    const listening = await new Promise<number>((resolve, reject) => {
      child.once('exit', () => reject(new Error(`${kind} did not start`)));
      child.once('message', (m: { ready: number }) => resolve(m.ready));
    });
    base = `http://${HOSTS[kind]}:${listening}`;
  }
  return { base, ...processOf(child) };
}

/** A child started with instrument.js: its pid, its `stats` over IPC, and how to stop it. */
function processOf(child: ChildProcess): Omit<Server, 'base'> {
  let next = 0;
  return {
    pid: child.pid ?? 0,
    stats: (opts) =>
      new Promise((resolve) => {
        const id = next++;
        const answer = (m: { id: number; statements: number; rss: number; memory: NodeJS.MemoryUsage }) => {
          if (m.id !== id) return;
          child.off('message', answer);
          resolve(m);
        };
        child.on('message', answer);
        child.send({ stats: id, gc: opts?.gc });
      }),
    stop: () => child.kill('SIGTERM'),
  };
}

/**
 * The list-export worker as `npm run export-worker` starts it (package.json's flags, or BENCH_WORKER_FLAGS instead), with
 * the service's environment and `env`; ready once it logs that it started (it serves no HTTP).
 */
export async function startExportWorker(env: Record<string, string>): Promise<Omit<Server, 'base'>> {
  const script = 'dist/scripts/export-worker.js';
  const child = fork(join(ROOT, script), [], {
    execArgv: [
      ...(process.env.BENCH_WORKER_FLAGS?.split(' ').filter(Boolean) ?? flagsOf('export-worker', script)),
      '--require',
      join(__dirname, 'instrument.js'),
    ],
    env: { ...process.env, NODE_ENV: 'production', ...APP_ENV, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('the export worker did not start')), 180_000);
    child.once('exit', (code) => reject(new Error(`the export worker exited (${code})`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      out = (out + chunk.toString()).slice(-10_000);
      if (!out.includes('list-export worker started')) return;
      clearTimeout(timer);
      child.stdout?.removeAllListeners('data').resume(); // its later logs are dropped
      resolve();
    });
  });
  return processOf(child);
}
