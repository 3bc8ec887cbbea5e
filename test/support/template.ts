import { Client } from 'pg';
import { openAppDatabase } from '../../src/composition';
import { withDatabase } from './db-url';

const LOCK = 72_617_001;

/**
 * Makes sure the migrated template database of this run exists. The first worker builds it under an
 * advisory lock and renames it into place, so the others either wait or find it complete.
 */
export async function ensureTemplate(server: string, template: string): Promise<void> {
  const admin = new Client({ connectionString: withDatabase(server, 'postgres') });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [LOCK]);
    const found = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (found.rowCount) return;
    const building = `${template}_building`;
    await admin.query(`drop database if exists ${building}`);
    await admin.query(`create database ${building}`);
    const orm = await openAppDatabase(withDatabase(server, building), { poolMax: 1 });
    await orm.close(true);
    await admin.query(`alter database ${building} rename to ${template}`);
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [LOCK]).catch(() => undefined);
    await admin.end();
  }
}
