/**
 * Writes a new migration: the difference between the entities and a scratch database that has every
 * committed migration applied. Development only; the service itself never diffs the schema.
 *   npm run migration:create -- [name]
 */
import 'reflect-metadata';
import { Client } from 'pg';
import { MikroORM } from '@mikro-orm/postgresql';
import { entities, migrationList } from '../src/composition';
import { ormOptions } from '../src/db/orm-options';
import { loadMigrator } from '../src/db/orm';
import { DISTRIBUTION_KEYS_SQL, withoutDistributionKeys } from '../src/db/distribution';

async function main() {
  const base = process.env.MIGRATION_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const scratch = `crm_migration_scratch_${process.pid}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${scratch}`);
  const url = new URL(base);
  url.pathname = `/${scratch}`;
  try {
    const options = ormOptions(url.toString(), { entities, migrator: await loadMigrator(migrationList) });
    const orm = await MikroORM.init({
      ...options,
      migrations: { ...options.migrations, path: 'src/db/migrations', pathTs: 'src/db/migrations' },
    });
    await orm.getMigrator().up();
    await leaveOutDistributionKeys(orm);
    const result = await orm.getMigrator().createMigration('src/db/migrations', false, false, process.argv[2]);
    console.log(
      result.fileName
        ? `wrote src/db/migrations/${result.fileName}; move it into your module's migrations/ folder and list it in that folder's index.ts (docs/architecture.md, "Adding a domain")`
        : 'no changes',
    );
    await orm.close();
  } finally {
    await admin.query(`drop database if exists ${scratch}`);
    await admin.end();
  }
}

/**
 * The database's keys are wider than the entities' (src/db/distribution.ts): without this, every new migration
 * would start by putting the single-column keys back.
 */
async function leaveOutDistributionKeys(orm: MikroORM): Promise<void> {
  const keys: { table: string; name: string }[] = await orm.em.execute(DISTRIBUTION_KEYS_SQL);
  const migrator = orm.getMigrator() as unknown as { getSchemaDiff(blank: boolean, initial: boolean): Promise<Diff> };
  const diff = migrator.getSchemaDiff.bind(migrator);
  migrator.getSchemaDiff = async (blank, initial) => {
    const { up, down } = await diff(blank, initial);
    const kept = (statements: string[]) => {
      const left = withoutDistributionKeys(statements, keys);
      return left.some(Boolean) ? left : [];
    };
    return { up: kept(up), down: kept(down) };
  };
}

interface Diff {
  up: string[];
  down: string[];
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
