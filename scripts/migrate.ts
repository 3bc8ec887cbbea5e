/**
 * `npm run migrate`: applies the committed migrations to DATABASE_URL and exits: the release step of a
 * deployment (docs/deploy.md), run once before new instances start with MIGRATE_ON_START=false. Two
 * release steps at once take turns on an advisory lock instead of racing. Behind a pooler in transaction mode
 * the session lock would stay on a server connection the pooler hands to others: DIRECT_DATABASE_URL, when set, is
 * the database itself and both the lock and the migrations use it.
 */
import 'reflect-metadata';
import { Client } from 'pg';
import { openAppDatabase } from '../src/composition';

const LOCK = 72_617_002;

async function main() {
  const url = process.env.DIRECT_DATABASE_URL || process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required (npm start migrates the embedded database by itself)');
  const lock = new Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [LOCK]);
    // The migrations change the schema: the owner's connection, not the service role's.
    const orm = await openAppDatabase(url, { migrate: false, migrator: true, poolMax: 1, rowSecurity: false });
    try {
      const applied = await orm.getMigrator().up();
      console.log(applied.length ? `applied ${applied.map((m) => m.name).join(', ')}` : 'the schema is up to date');
    } finally {
      await orm.close(true);
    }
  } finally {
    await lock.end();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
