/**
 * Configuration for the MikroORM CLI (`npx mikro-orm ...`) and scripts/migration-create.ts.
 * The running service builds the same options in src/db/orm-options.ts.
 */
import 'reflect-metadata';
import { entities, migrationList } from './src/composition';
import { ormOptions } from './src/db/orm-options';
import { loadMigrator } from './src/db/orm';

// a promise of the options: the CLI awaits it (the migrator is loaded on demand: src/db/orm.ts, `loadMigrator`)
export default loadMigrator(migrationList).then((migrator) =>
  ormOptions(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/crm_dev', { entities, migrator }),
);
