import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../src/db/embedded';

/** A fresh, empty database for one benchmark: on DATABASE_URL's server, else on an embedded one. */
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
      const d = new Client({ connectionString: admin('postgres') });
      await d.connect();
      await d.query(`drop database if exists ${database} with (force)`);
      await d.end();
      await stop();
    },
  };
}
