import { defineConfig, type Options, ReflectMetadataProvider } from '@mikro-orm/postgresql';
import type { MigrationObject } from '@mikro-orm/core';
import type { Migrator } from '@mikro-orm/migrations';
import { tenantFilter } from './tenant-filter';
import { CountInvalidation } from './read-path';

/** The migrator's class (@mikro-orm/migrations, loaded by what migrates) and the migrations it runs. */
export interface MigratorOptions {
  extension: typeof Migrator;
  migrations: readonly MigrationObject[];
}

/** The entity and migration lists come from the composition root (src/composition.ts): the data layer knows no module. */
export interface OrmOptions {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: readonly Function[];
  /**
   * Only for what migrates (src/db/orm.ts, `loadMigrator`): the migrator extension and every committed migration, in
   * the order they run. Without it the ORM has no migrator and @mikro-orm/migrations is never loaded.
   */
  migrator?: MigratorOptions;
  debug?: boolean;
  poolMax?: number;
  log?: (message: string) => void;
  /**
   * Where the driver's own warnings go (knex's "Connection Error: ..." when it finds a pooled connection closed, as
   * after a PostgreSQL restart); without it, knex writes them with console.log, outside the app's logger and level.
   */
  driverLog?: (level: 'debug' | 'warn' | 'error', message: string) => void;
  /** PostgreSQL's statement_timeout on every connection of the pool (a statement running longer is cancelled). */
  statementTimeoutMs?: number;
  /**
   * The URL reaches PostgreSQL through a pooler in transaction mode (DATABASE_POOLER=transaction): the statement
   * timeout is then set per transaction (src/db/access.ts), not as a startup parameter, which PgBouncer refuses.
   */
  transactionPooler?: boolean;
  /** false: connect at the first statement, not at start (the read replica: one that is down must not stop the start). */
  connect?: boolean;
  /** How long a new connection may take to open (node-postgres `connectionTimeoutMillis`); unset: no limit. */
  connectTimeoutMs?: number;
  /** The connections' application_name (pg_stat_activity): tells the read replica's pool apart. */
  applicationName?: string;
}

/** knex's options: node-postgres's for each connection of the pool, and its logger. */
function driverOptions(opts: OrmOptions): { driverOptions?: Record<string, unknown> } {
  const connection = {
    ...(opts.statementTimeoutMs && !opts.transactionPooler ? { statement_timeout: opts.statementTimeoutMs } : {}),
    ...(opts.connectTimeoutMs ? { connectionTimeoutMillis: opts.connectTimeoutMs } : {}),
    ...(opts.applicationName ? { application_name: opts.applicationName } : {}),
  };
  const options = {
    ...(Object.keys(connection).length ? { connection } : {}),
    ...(opts.driverLog ? { log: driverLogger(opts.driverLog) } : {}),
  };
  return Object.keys(options).length ? { driverOptions: options } : {};
}

/**
 * MikroORM options for a database URL. Migrations are listed explicitly (no folder scan at run time);
 * the schema is only ever changed by those committed migrations.
 */
export function ormOptions(clientUrl: string, opts: OrmOptions) {
  return defineConfig({
    clientUrl,
    entities: [...opts.entities],
    metadataProvider: ReflectMetadataProvider,
    discovery: { warnWhenNoEntities: true },
    filters: { [tenantFilter.name]: tenantFilter },
    // List totals are forgotten when rows change (docs/architecture.md, "The read path").
    subscribers: [new CountInvalidation()],
    // The tenant filter already puts `organization_id = ?` on every tenant table; joining each row's relations
    // (organizations, and other tenant rows that services only ever link within one organization) to re-apply
    // the filter doubles the work of every query for no safety.
    autoJoinRefsForFilters: false,
    ...(opts.migrator ? migratorOptions(opts.migrator) : {}),
    pool: { min: 0, max: opts.poolMax ?? 10 },
    ...driverOptions(opts),
    connect: opts.connect ?? true,
    forceUtcTimezone: true,
    debug: opts.debug ?? false,
    logger: opts.log ?? (() => undefined),
    // Request handlers always work on a fork (graphql/context.ts); the global EM is for start-up only.
    allowGlobalContext: false,
  });
}

/** The migrator's part of the options: committed migrations listed explicitly (no folder scan at run time). */
function migratorOptions({ extension, migrations }: MigratorOptions): Pick<Options, 'extensions' | 'migrations'> {
  return {
    extensions: [extension],
    migrations: {
      tableName: 'mikro_orm_migrations',
      path: 'dist/src/db/migrations',
      pathTs: 'src/db/migrations',
      migrationsList: [...migrations],
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      emit: 'ts',
      // Tables without an entity (rate_limit_counters) are ours too: never generate drops for them.
      dropTables: false,
    },
  };
}

/** knex's `log` option: each level to `log`, a deprecation as a warning. */
function driverLogger(log: NonNullable<OrmOptions['driverLog']>) {
  const text = (m: unknown) => (typeof m === 'string' ? m : JSON.stringify(m));
  return {
    debug: (m: unknown) => log('debug', text(m)),
    warn: (m: unknown) => log('warn', text(m)),
    error: (m: unknown) => log('error', text(m)),
    deprecate: (m: unknown) => log('warn', text(m)),
  };
}
