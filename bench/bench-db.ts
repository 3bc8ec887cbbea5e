import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../src/db/embedded';

/** A fresh, empty database for one benchmark: on DATABASE_URL's server, else on an embedded one. BENCH_KEEP=true keeps it. */
export async function benchDatabase(name: string): Promise<{ url: string; drop(): Promise<void> }> {
  let server = process.env.DATABASE_URL;
  let stop = async () => undefined as void;
  if (!server) {
    const parent = mkdtempSync(join(tmpdir(), 'crm-bench-'));
    chmodSync(parent, 0o755);
    const embedded = await startEmbeddedPostgres(join(parent, 'pg'), 56000 + Math.floor(Math.random() * 3000));
    server = embedded.url;
    stop = () => embedded.stop();
  }
  const serverUrl = server;
  const database = `crm_bench_${name}_${process.pid}`;
  const admin = (db: string) => {
    const u = new URL(serverUrl);
    u.pathname = `/${db}`;
    return u.toString();
  };
  const c = new Client({ connectionString: admin('postgres') });
  await c.connect();
  await c.query(`drop database if exists ${database}`);
  await c.query(`create database ${database}`);
  await c.end();
  return {
    url: admin(database),
    drop: async () => {
      if (process.env.BENCH_KEEP === 'true') {
        console.log(`kept for inspection (BENCH_KEEP=true): database ${database}`);
        return stop();
      }
      const d = new Client({ connectionString: admin('postgres') });
      await d.connect();
      await d.query(`drop database if exists ${database} with (force)`);
      await d.end();
      await stop();
    },
  };
}

/**
 * A database kept between runs (`crm_bench_<name>`) on DATABASE_URL's server, for benchmarks whose seeding is
 * long; created when missing. Without DATABASE_URL it is a fresh database on an embedded server.
 */
export async function reusableBenchDatabase(
  name: string,
): Promise<{ url: string; reset(): Promise<void>; close(): Promise<void> }> {
  if (!process.env.DATABASE_URL) {
    const db = await benchDatabase(name);
    return { url: db.url, reset: async () => undefined, close: db.drop };
  }
  const server = process.env.DATABASE_URL;
  const at = (db: string) => {
    const u = new URL(server);
    u.pathname = `/${db}`;
    return u.toString();
  };
  const database = `crm_bench_${name}`;
  const admin = async (sql: string) => {
    const c = new Client({ connectionString: at('postgres') });
    await c.connect();
    try {
      return await c.query(sql);
    } finally {
      await c.end();
    }
  };
  const exists = async () => (await admin(`select 1 from pg_database where datname = '${database}'`)).rowCount === 1;
  if (!(await exists())) await admin(`create database ${database}`);
  return {
    url: at(database),
    reset: async () => {
      await admin(`drop database if exists ${database} with (force)`);
      await admin(`create database ${database}`);
    },
    close: async () => undefined,
  };
}
