/**
 * Writes a new migration: the difference between the entities and a scratch database that has every
 * committed migration applied. Development only; the service itself never diffs the schema.
 *   npm run migration:create -- [name]
 */
import 'reflect-metadata';
import { Client } from 'pg';
import { MikroORM } from '@mikro-orm/postgresql';
import { entities, migrations } from '../src/composition';
import { ormOptions } from '../src/db/orm-options';

async function main() {
  const base = process.env.MIGRATION_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const scratch = `crm_migration_scratch_${process.pid}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${scratch}`);
  const url = new URL(base);
  url.pathname = `/${scratch}`;
  try {
    const options = ormOptions(url.toString(), { entities, migrations });
    const orm = await MikroORM.init({
      ...options,
      migrations: { ...options.migrations, path: 'src/db/migrations', pathTs: 'src/db/migrations' },
    });
    await orm.getMigrator().up();
    const result = await orm.getMigrator().createMigration('src/db/migrations', false, false, process.argv[2]);
    console.log(
      result.fileName
        ? `wrote src/db/migrations/${result.fileName}; move it into your module's migrations/ folder and list it in the module's \`migrations\` (docs/architecture.md, "Adding a domain")`
        : 'no changes',
    );
    await orm.close();
  } finally {
    await admin.query(`drop database if exists ${scratch}`);
    await admin.end();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
