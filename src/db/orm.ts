import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import type { MigrationObject } from '@mikro-orm/core';
import { MigratorOptions, ormOptions, OrmOptions } from './orm-options';
import { enforceRowSecurity } from './access';
import { rememberDirectUrl } from './direct-connection';

/** Every committed migration, loaded on demand (src/composition.ts, `migrationList`). */
export type MigrationList = () => Promise<readonly MigrationObject[]>;

/**
 * The migrator and the migrations, loaded only here: a service started with MIGRATE_ON_START=false never loads
 * @mikro-orm/migrations (umzug and the migration files' SQL; docs/performance.md, "What the idle service is made of").
 */
export async function loadMigrator(migrations: MigrationList): Promise<MigratorOptions> {
  const [{ Migrator }, list] = await Promise.all([import('@mikro-orm/migrations'), migrations()]);
  return { extension: Migrator, migrations: list };
}

/**
 * Connects and brings the schema up to date with the committed migrations. Migrations run on a connection of
 * their own without the statement timeout: building an index on a large table may take longer than any request.
 * Then, unless `rowSecurity: false` (a benchmark's baseline), every connection handed out runs as `crm_app` under
 * the row-level security policies (src/db/access.ts). `migrator: true`: the ORM answered keeps the migrator
 * (`orm.getMigrator()`, scripts/migrate.ts) without running it.
 */
export async function openDatabase(
  url: string,
  opts: Omit<OrmOptions, 'migrator'> & {
    migrations: MigrationList;
    migrate?: boolean;
    migrator?: boolean;
    rowSecurity?: boolean;
    directUrl?: string;
  },
): Promise<MikroORM> {
  const { statementTimeoutMs, migrate, migrations, rowSecurity, directUrl, ...options } = opts;
  const { migrator: keepMigrator, ...rest } = options;
  const secured = (orm: MikroORM) => {
    if (directUrl) rememberDirectUrl(orm, directUrl);
    if (rowSecurity !== false)
      enforceRowSecurity(orm, { transactionPooler: rest.transactionPooler, statementTimeoutMs });
    return orm;
  };
  // behind a transaction pooler, the migrations (and their advisory lock) take the direct URL
  const migrationUrl = directUrl ?? url;
  if (migrate !== false) {
    const migrator = await loadMigrator(migrations);
    const migrating = await MikroORM.init(ormOptions(migrationUrl, { ...rest, migrator, transactionPooler: false }));
    await migrating.getMigrator().up();
    if (!statementTimeoutMs && migrationUrl === url) return secured(migrating);
    await migrating.close();
  }
  const migrator = keepMigrator ? await loadMigrator(migrations) : undefined;
  return secured(await MikroORM.init(ormOptions(url, { ...rest, migrator, statementTimeoutMs })));
}
