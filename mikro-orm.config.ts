/**
 * Configuration for the MikroORM CLI (`npx mikro-orm ...`) and scripts/migration-create.ts.
 * The running service builds the same options in src/db/orm-options.ts.
 */
import 'reflect-metadata';
import { entities, migrations } from './src/composition';
import { ormOptions } from './src/db/orm-options';

export default ormOptions(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/crm_dev', {
  entities,
  migrations,
});
