/**
 * The module contract (docs/architecture.md, "Modules"). A domain is one folder under src/modules that
 * exports one `<domain>.module.ts` built with `defineModule`: what it brings to the service, as data.
 * src/modules/index.ts lists the modules in dependency order; the composition root (src/composition.ts)
 * folds that list into the entity list, the schema, the permission tree, the services object and the
 * REST table. A module never registers itself anywhere else.
 */
import type { RequestHandler, Router } from 'express';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { AiProvider } from '../ai/provider';
import type { Config } from '../config';
import type { Setting } from '../config-settings';
import type { EventEmitter } from '../events/event-emitter';
import type { RateLimiter } from '../http/rate-limit';
import type { CredentialCipher } from '../lib/credential-cipher';
import type { HostResolver } from '../events/url-guard';
import type { Logger } from '../lib/logger';
import type { Mailer } from '../mail/mailer';
import type { RouteRow } from '../http/route-row';
import type { MigrationObject } from '@mikro-orm/core';

/** The stateless infrastructure every module's services may use: built once by the composition root. */
export interface SharedDeps {
  config: Config;
  /** The one event emitter: outbox rows go into the caller's transaction (src/events). */
  events: EventEmitter;
  /** The one cipher for integration credentials at rest. */
  cipher: CredentialCipher;
  /** The one mailer (SMTP when configured, else the mail_outbox table). */
  mailer: Mailer;
  /**
   * The deployment's AI provider (AI_PROVIDER; docs/ai.md). Modules do not call it directly: they ask
   * `aiAccess.aiFor(em, organizationId)` (accounts), which applies the organization's switch and budget.
   */
  ai: AiProvider;
  /** Resolves the host names of outbound connections (webhooks): the system's resolver; a test's own in tests. */
  resolveHost: HostResolver;
  /** What takes units out of the rental pool, from every module's `availability` (the rental module reads them). */
  availabilitySources: readonly UnitSource[];
}

/**
 * A kind of commitment that takes units of an item out of the pool on its days (docs/rental.md, "Availability"):
 * a SELECT of rows `(item_id, quantity, start_date, end_date)`, end_date null for open-ended, restricted to the
 * organization (`:org`), to the items being computed (the `items` CTE) and to rows overlapping `:from .. :to`.
 */
export interface UnitSource {
  /** 'booking' units count as booked, 'maintenance' units as in maintenance. */
  kind: 'booking' | 'maintenance';
  sql: string;
}

/** What an HTTP router of a module (one that is not a REST row: uploads, the sample /plants API) is built from. */
export interface RouterDeps<S> {
  config: Config;
  orm: MikroORM;
  logger: Logger;
  services: S;
  limiter: RateLimiter;
  /** Resolves credentials to a principal, for routers mounted before the shared authentication. */
  authenticate: RequestHandler;
}

export interface ModuleRouter<S> {
  /** `raw`: before the JSON body parser and authentication (reads its own body); `api`: after authentication. */
  mount: 'raw' | 'api';
  path?: string;
  create(deps: RouterDeps<S>): Router;
}

/** A long-running background loop of a module (e.g. the webhook delivery worker), started by `npm start` when enabled. */
export interface ModuleJob<S> {
  name: string;
  enabled(config: Config): boolean;
  start(deps: { orm: MikroORM; logger: Logger; config: Config; services: S; shared: SharedDeps }): {
    stop(): void | Promise<void>;
  };
}

/**
 * Work a module needs done on a schedule, once per cluster (src/jobs/scheduler.ts): each cron tick runs on one
 * process, with retries. `enabled(config)` false keeps this process from working the queue.
 */
export interface ModuleSchedule<S> {
  name: string;
  /** Cron expression, UTC. */
  cron: string;
  enabled?(config: Config): boolean;
  run(deps: { orm: MikroORM; logger: Logger; config: Config; services: S }): Promise<unknown>;
}

/**
 * A module's part of the demo business (README, "Demo business"), run after the built-in parts (src/demo) in the
 * order of the module list, inside the seeding transaction. It persists its records on `em` (the organization's
 * earlier records are there to read); ids from `id(kind, n)` stay the same on every seed.
 */
export interface ModuleDemoPart {
  name: string;
  seed(ctx: ModuleDemoContext): void | Promise<void>;
}

export interface ModuleDemoContext {
  /** The seeding transaction (tenant filter off: the seed writes one organization). */
  em: EntityManager;
  organizationId: string;
  /** The reference day (YYYY-MM-DD): the demo's year ends here. */
  today: string;
  /** Midnight UTC of the reference day: no timestamp of the demo is later. */
  now: Date;
  /** A number in [0, 1) from the part's own seeded stream. */
  random(): number;
  /** The stable id of the n-th demo record of a kind. */
  id(kind: string, n: number | string): string;
}

/** A type-graphql resolver class. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export type ResolverClass = Function;
/** A MikroORM entity class. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export type EntityClass = Function;

/**
 * One module. `Needs` are the services of earlier modules this one calls (named in `needs`, checked when
 * the list is folded); `S` the services it provides. Its resolvers see only `S` through their context.
 */
export interface ModuleDefinition<Needs extends object, S extends object, Name extends string = string> {
  /** Unique; test/support/fixtures.ts keys the test data of each module by it. */
  name: Name;
  /** One line: what the module gives a user of the API (the module list reads as the capability list). */
  summary: string;
  entities: EntityClass[];
  resolvers: ResolverClass[];
  routes: RouteRow[];
  needs: readonly (keyof Needs & string)[];
  services(shared: SharedDeps, needs: Needs): S;
  /** Unique constraint (or unique index) name -> the 409 message when a write collides with it. */
  conflicts?: Record<string, string>;
  /**
   * The module's migrations (files in its own folder, listed in its `src/modules/<module>/migrations/index.ts`): `() =>
   * import('./migrations')`, so that only what migrates loads them and the migrator (docs/decisions.md, "Heavy
   * packages on first use"). The composition root lists them with the platform's history (src/db/migrations) in
   * timestamp order, so a migration's name decides when it runs.
   */
  migrations?: () => Promise<{ migrations: readonly MigrationObject[] }>;
  /** The event kinds the module emits into the outbox (docs/events.md); emitting another kind is a bug that throws. */
  events?: readonly string[];
  /** Commitments that take rental units out of the pool (see UnitSource). */
  availability?: readonly UnitSource[];
  /**
   * Path segment before a `:param` of its REST rows -> the table whose ids that param takes (`holds` ->
   * `maintenance_holds`): the generated sweeps fill paths with real ids of the right kind from it.
   */
  idSegments?: Record<string, string>;
  /** Its part of the demo business. */
  demo?: ModuleDemoPart[];
  /**
   * What it reads from the environment (src/config-settings.ts): read by its own code with
   * `readSettings(settings, config.environment)`, checked for every module when the services are built, listed in
   * docs/configuration.md.
   */
  settings?: Record<string, Setting<unknown>>;
  routers?: ModuleRouter<S>[];
  jobs?: ModuleJob<S>[];
  schedules?: ModuleSchedule<S>[];
}

export function defineModule<
  S extends object,
  Needs extends object = Record<never, never>,
  const Name extends string = string,
>(module: ModuleDefinition<Needs, S, Name>): ModuleDefinition<Needs, S, Name> {
  return module;
}
