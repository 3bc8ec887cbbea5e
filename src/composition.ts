/**
 * The composition root: the one place that folds the module list (src/modules/index.ts) into what the
 * service runs on: the entity list, the GraphQL schema and its permission tree, the services object, the
 * REST table, the routers and the jobs. src/main.ts, the scripts, the benchmarks and the test app build
 * the service through these functions only.
 */
import type { GraphQLSchema } from 'graphql';
import type { MigrationObject } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from './config';
import { readSettings } from './config-settings';
import { BaseEntity } from './db/base.entity';
import { openDatabase } from './db/orm';
import type { OrmOptions } from './db/orm-options';
import { ReadReplica } from './db/read-replica';
import { TenantEntity } from './db/tenant.entity';
import { EventEmitter } from './events/event-emitter';
import { OutboxEvent } from './events/outbox-event.entity';
import { WebhookAttempt } from './events/webhook-attempt.entity';
import { WebhookDelivery } from './events/webhook-delivery.entity';
import { WebhookSubscription } from './events/webhook-subscription.entity';
import { rulesOf } from './graphql/guard';
import { buildAppSchema, buildBaseSchema, printAppSchema, Resolvers } from './graphql/schema';
import { pruneFinishedEvents } from './events/retention';
import { systemResolver } from './events/url-guard';
import { pruneRateLimits } from './http/rate-limit';
import type { ScheduledTask } from './jobs/scheduler';
import { daysAgo } from './lib/clock';
import { CredentialCipher } from './lib/credential-cipher';
import { deleteInBatches } from './db/prune';
import { pruneIdempotencyKeys } from './db/idempotency-store';
import { describeUniqueConstraints } from './lib/to-app-error';
import { createLogger, type Logger } from './lib/logger';
import { createAiProvider } from './ai/factory';
import type { AiLogger } from './ai/provider';
import { DatabaseAiBudget } from './db/ai-usage';
import { MailOutboxMessage } from './mail/mail-outbox.entity';
import { createMailer } from './mail/mailer';
import { modules, Services } from './modules';
import { mergeMigrations } from './db/migration-list';
import type { ModuleSchedule, SharedDeps } from './modules/module';
import { withExportRows } from './http/list-export-rows';
import { compileRoute, CompiledRoute } from '../rest-adapter/compile';
import { priceRoutes, PricedRoute } from '../rest-adapter/route-cost';
import type { QueryLimits } from './graphql/query-limits';
import { startQueueWorkers, type QueueWorker } from './jobs/job-queue';
import type { JobsServices } from './modules/jobs/jobs.services';
import { exportWorker } from './modules/jobs/list-export.job';
import { listExporter } from '../rest-adapter/list-export-route';

/** Entities of the infrastructure below the modules (base classes, outbox and deliveries, mail outbox). */
const INFRASTRUCTURE_ENTITIES = [
  BaseEntity,
  TenantEntity,
  OutboxEvent,
  WebhookSubscription,
  WebhookDelivery,
  WebhookAttempt,
  MailOutboxMessage,
];

export const entities = [...INFRASTRUCTURE_ENTITIES, ...modules.flatMap((m) => m.entities)];
/**
 * The platform's migrations and every module's, in the order of their names (a timestamp first). Loaded when
 * something migrates (each file imports @mikro-orm/migrations), never by a service that does not.
 */
export async function migrationList(): Promise<MigrationObject[]> {
  const lists = await Promise.all([
    import('./db/migrations').then((m) => m.platformMigrations),
    ...modules.map(async (m) => (m.migrations ? (await m.migrations()).migrations : [])),
  ]);
  return mergeMigrations(lists);
}
/** Every event kind a module emits (docs/events.md): webhook subscriptions filter by them. */
export const eventKinds: readonly string[] = [...new Set(modules.flatMap((m) => m.events ?? []))];
/** What takes rental units out of the pool, from every module (docs/rental.md, "Availability"). */
export const availabilitySources = modules.flatMap((m) => m.availability ?? []);
export const resolvers = modules.flatMap((m) => m.resolvers) as unknown as Resolvers;
export const ruleTree = rulesOf(resolvers);
/** The modules' REST rows, with the export row of each exportable list (src/http/list-export-rows.ts). */
export const routes = withExportRows(modules.flatMap((m) => m.routes));
for (const m of modules) describeUniqueConstraints(m.conflicts ?? {});

/** The dependencies every request handler, router and job is built from. */
export interface AppDeps {
  config: Config;
  orm: MikroORM;
  logger: Logger;
  services: Services;
}

/** `logger` receives the AI provider's fallback warnings (default: a logger at LOG_LEVEL). */
export function sharedDeps(config: Config, logger: AiLogger = createLogger(config.logLevel)): SharedDeps {
  return {
    config,
    events: new EventEmitter(eventKinds),
    cipher: new CredentialCipher(config.sessionSecret),
    mailer: createMailer(config),
    ai: createAiProvider(config.ai, { logger, budget: new DatabaseAiBudget() }),
    resolveHost: systemResolver,
    availabilitySources,
  };
}

/**
 * Builds every module's services in list order, each from the shared infrastructure and the services of
 * the modules above it that it names in `needs` (a need no earlier module provides stops the start).
 */
export function createServices(config: Config, shared: SharedDeps = sharedDeps(config)): Services {
  const { config: _config, ...infrastructure } = shared;
  const built: Record<string, unknown> = { ...infrastructure };
  for (const m of modules) readSettings(m.settings ?? {}, config.environment); // a bad value stops the start here
  for (const m of modules) {
    const missing = m.needs.filter((n) => !(n in built));
    if (missing.length)
      throw new Error(
        `module ${m.name} needs ${missing.join(', ')}, which no module above it in src/modules/index.ts provides`,
      );
    const needs = Object.fromEntries(m.needs.map((n) => [n, built[n]]));
    Object.assign(built, (m.services as (s: SharedDeps, n: unknown) => object)(shared, needs));
  }
  return built as Services;
}

export function openAppDatabase(
  url: string,
  opts: Omit<OrmOptions, 'entities' | 'migrator'> & {
    migrate?: boolean;
    /** Keep the migrator on the ORM answered without running it (scripts/migrate.ts). */
    migrator?: boolean;
    rowSecurity?: boolean;
    directUrl?: string;
  } = {},
): Promise<MikroORM> {
  return openDatabase(url, { ...opts, entities, migrations: migrationList });
}

/** How long a connection to the read replica may take to open: past it, the read goes to the primary. */
const REPLICA_CONNECT_TIMEOUT_MS = 2000;

/**
 * The read replica of READ_DATABASE_URL (docs/deploy.md, "A read replica"), or none. Its pool runs as `crm_app`
 * under the same row-level security as the primary's (src/db/access.ts), connects at its first read (a replica that
 * is down does not stop the start) and gives up on a connection after REPLICA_CONNECT_TIMEOUT_MS.
 */
export async function openReadReplica(
  deps: Pick<AppDeps, 'config' | 'orm' | 'logger'>,
): Promise<ReadReplica | undefined> {
  const { readReplica, timeouts, rowSecurity } = deps.config;
  if (!readReplica) return undefined;
  const replica = await openAppDatabase(readReplica.url, {
    migrate: false,
    connect: false,
    rowSecurity,
    statementTimeoutMs: timeouts.statementMs,
    connectTimeoutMs: REPLICA_CONNECT_TIMEOUT_MS,
    applicationName: 'crm-read-replica',
    // a replica going away is logged once, as a warning of the app's (src/db/read-replica.ts)
    driverLog: (level, message) => deps.logger.debug({ replica: message, level }, 'read replica driver'),
    poolMax: deps.orm.config.get('pool')?.max,
  });
  return new ReadReplica(deps.orm, replica, readReplica, deps.logger);
}

export const buildAppBaseSchema = (): Promise<GraphQLSchema> => buildBaseSchema(resolvers);
let executableSchema: Promise<GraphQLSchema> | undefined;
/**
 * The served schema, with the shield's rules: a function of the module list alone, so it is built once per process
 * and every app the process builds shares it (the tests build one app per spec in one module registry).
 */
export const buildExecutableSchema = (): Promise<GraphQLSchema> =>
  (executableSchema ??= buildAppSchema(resolvers, ruleTree));
export const printSchemaFile = (): Promise<string> => printAppSchema(resolvers);

/** The REST table compiled against a schema: one validated GraphQL document per row. */
export function compileRoutes(schema: GraphQLSchema): CompiledRoute[] {
  return routes.map((row) => compileRoute(schema, ruleTree, row));
}

/**
 * Everything that runs on a schedule, once per cluster (src/jobs/scheduler.ts): the modules' schedules and
 * the housekeeping of the layers below them (docs/operations.md lists them with their cron times).
 */
export function scheduledTasks(deps: AppDeps): ScheduledTask[] {
  const { config, orm } = deps;
  const { retention } = config;
  const em = () => orm.em.fork();
  const platform: ScheduledTask[] = [
    {
      name: 'rate-limit-prune',
      cron: '* * * * *',
      run: () => pruneRateLimits(em(), config.rateLimits.windowSeconds, retention.batchSize),
    },
    {
      name: 'event-retention',
      cron: '13 3 * * *',
      run: () => pruneFinishedEvents(em(), daysAgo(retention.eventDays), retention.batchSize),
    },
    {
      name: 'mail-retention',
      cron: '17 3 * * *',
      run: () =>
        deleteInBatches(em(), 'mail_outbox', 'created_at < ?', [daysAgo(retention.mailDays)], retention.batchSize),
    },
    {
      name: 'idempotency-retention',
      cron: '29 * * * *', // stored answers are replayed for 24 hours (src/http/idempotency.ts)
      run: () => pruneIdempotencyKeys(em(), retention.batchSize),
    },
  ];
  const fromModules = modules
    .flatMap((m) => (m.schedules ?? []) as ModuleSchedule<Services>[])
    .filter((s) => s.enabled?.(config) ?? true)
    .map((s) => ({ name: s.name, cron: s.cron, run: () => s.run(deps) }));
  return [...platform, ...fromModules];
}

const pricedRoutes = new WeakMap<GraphQLSchema, Map<string, PricedRoute[]>>();
/**
 * The REST table compiled and priced: a row over the query limits stops the start (rest-adapter/route-cost.ts).
 * Kept per schema and limits: an app built again with the same ones (the tests') takes the same rows.
 */
export function compilePricedRoutes(schema: GraphQLSchema, limits: QueryLimits): PricedRoute[] {
  let byLimits = pricedRoutes.get(schema);
  if (!byLimits) pricedRoutes.set(schema, (byLimits = new Map()));
  const key = JSON.stringify(limits.limits);
  let rows = byLimits.get(key);
  if (!rows) byLimits.set(key, (rows = priceRoutes(schema, compileRoutes(schema), limits)));
  return rows;
}

/**
 * Works the `list-export` queue in this process (docs/jobs.md, "Exports as jobs") unless EXPORT_WORKER=false: jobs
 * come from every instance. The export is the REST adapter's, over the served schema; the job is the jobs module's.
 */
export async function startExportWorker(deps: AppDeps): Promise<{ stop(): Promise<void> } | undefined> {
  if (!deps.config.exports.worker) return undefined;
  return runExportWorker(deps).catch((err: unknown) => {
    deps.logger.error({ err }, 'the list-export worker did not start');
    return undefined;
  });
}

/**
 * Works the `list-export` queue, whatever EXPORT_WORKER says: the API's worker above, or a process of its own that
 * serves no HTTP (`npm run export-worker`, scripts/export-worker.ts). Fails when the queue cannot be worked.
 */
export async function runExportWorker(deps: AppDeps): Promise<{ stop(): Promise<void> }> {
  const { config, orm, logger } = deps;
  const schema = await buildExecutableSchema();
  const exporter = listExporter(deps, schema, compileRoutes(schema), logger);
  const services = deps.services as unknown as JobsServices;
  const worker = exportWorker(orm, services, exporter, config.exports.resultHours);
  return startQueueWorkers(orm.config.getClientUrl(), [worker as QueueWorker<never>], logger);
}
