import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomToken } from './lib/crypto';
import { refuseUnsafeProduction } from './production-checks';
import { aiConfigFromEnv, type AiConfig } from './ai/config';
import { enrichmentConfigFromEnv, type EnrichmentConfig } from './lib/enrichment-config';

export type CookieSecure = 'auto' | 'always' | 'never';

export interface RateLimitConfig {
  windowSeconds: number;
  /** A request draws one unit of its budget per started `costUnit` of query cost (at least one). */
  costUnit: number;
  auth: number;
  read: number;
  write: number;
  webhook: number;
}

export interface Config {
  env: string;
  /** The variables this was read from: the modules read their own settings from it (src/config-settings.ts). */
  environment: Env;
  port: number;
  /** Unset: an embedded PostgreSQL is started with its data under dataDir. */
  databaseUrl?: string;
  /** DIRECT_DATABASE_URL: PostgreSQL itself, when DATABASE_URL goes through a pooler (LISTEN and migrations). */
  directDatabaseUrl?: string;
  /** DATABASE_POOLER=transaction: DATABASE_URL is a pooler in transaction mode (docs/deploy.md, "Behind PgBouncer"). */
  transactionPooler: boolean;
  /**
   * READ_DATABASE_URL: a streaming replica for the heavy reads (reports, exports, search), with the most replay lag
   * it may have (READ_REPLICA_MAX_LAG_MS) and the pause after a failure (READ_REPLICA_RETRY_MS); docs/deploy.md,
   * "A read replica". Unset: every read on the primary.
   */
  readReplica?: { url: string; maxLagMs: number; retryMs: number };
  dataDir: string;
  embeddedPgPort: number;
  sessionSecret: string;
  cookieSecure: CookieSecure;
  trustProxy: boolean;
  rateLimits: RateLimitConfig;
  /** Shape and cost limits of every GraphQL operation and REST row (graphql/query-limits.ts). */
  queryLimits: QueryLimitConfig;
  /** Overall deadline of a request (REQUEST_TIMEOUT_MS) and PostgreSQL's statement_timeout (DB_STATEMENT_TIMEOUT_MS). */
  timeouts: { requestMs: number; statementMs: number };
  /**
   * DB_ROW_SECURITY (default true): the pool runs as `crm_app` under the row-level security policies
   * (src/db/access.ts). `false` leaves the connecting user's own rights: the benchmark's baseline, never production.
   */
  rowSecurity: boolean;
  /** Browser origins allowed to call with credentials (CORS_ORIGINS, comma-separated; default none). */
  corsOrigins: string[];
  logLevel: string;
  /** LOG_FORMAT: `pretty` (pino-pretty, the default in development) or `json` (the default otherwise). */
  logFormat: 'json' | 'pretty';
  /** METRICS_TOKEN: the bearer token of GET /metrics; unset, /metrics is off (docs/observability.md). */
  metricsToken?: string;
  graphqlIntrospection: boolean;
  graphqlSandbox: boolean;
  bodyLimit: string;
  /** JSON_MAX_DEPTH: the deepest nesting of objects and arrays in a JSON body or GraphQL variables (400 JSON_TOO_DEEP). */
  jsonMaxDepth: number;
  /** RESPONSE_LIMIT_BYTES: the most one answer sent whole may weigh (http/response-cap.ts). */
  responseLimitBytes: number;
  seedDemo: boolean;
  /** MIGRATE_ON_START (default true): apply migrations when the server starts; false when `npm run migrate` is a release step. */
  migrateOnStart: boolean;
  /** COUNT_TTL_MS (default 1000): how long a list total is reused (src/db/read-path/count-cache.ts). */
  countTtlMs: number;
  /** Keep session principals in memory, invalidated by the database's notifications (PRINCIPAL_CACHE). */
  principalCache: boolean;
  /** Scheduled work (drift, retention, pruning) through pg-boss in this process (SCHEDULER). */
  scheduler: boolean;
  /** How long finished records are kept (docs/operations.md, "Retention"). */
  retention: RetentionConfig;
  /** Mail: SMTP_URL selects SMTP (nodemailer); unset, mails are recorded in the mail_outbox table. */
  smtpUrl?: string;
  mailFrom: string;
  /** Base of the links in mails (accept invitation, reset password): PUBLIC_URL. */
  publicUrl: string;
  webhooks: WebhookConfig;
  /** CSV customer import limits (docs/crm.md): IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_TIMEOUT_MS. */
  imports: { maxBytes: number; maxRows: number; timeoutMs: number };
  /**
   * Streamed CSV exports of the lists (docs/crm.md, "Exports"): EXPORT_TIMEOUT_MS, EXPORT_BATCH_ROWS, EXPORT_CONCURRENCY;
   * run as jobs (docs/jobs.md): EXPORT_WORKER, EXPORT_RESULT_HOURS; EXPORT_DIRECT: the direct path of plain columns;
   * EXPORT_SQL_LINES: its lines written by the database.
   */
  exports: {
    timeoutMs: number;
    batchRows: number;
    concurrency: number;
    worker: boolean;
    resultHours: number;
    direct: boolean;
    sqlLines: boolean;
  };
  /** The deployment's AI provider (docs/ai.md): AI_PROVIDER, OPENAI_* variables. */
  ai: AiConfig;
  /** Inbound provider webhooks, /webhooks/{provider}/{email|recording|sms} (docs/communications.md). */
  inbound: InboundConfig;
  /** The places directory, the firmographic provider and website analysis (docs/crm.md): base URLs and bounds. */
  enrichment: EnrichmentConfig;
}

/** Inbound provider webhooks (docs/communications.md, "Provider webhooks"). */
export interface InboundConfig {
  /** INBOUND_EMAIL_DOMAIN: the domain of every organization's inbound address (`<token>@<domain>`). */
  emailDomain: string;
  /**
   * The public base URL providers call (PUBLIC_BASE_URL, else PUBLIC_URL when set): Twilio signs the URL it
   * called. Unset, the request's own scheme and host are used (X-Forwarded-Proto/Host with TRUST_PROXY=true).
   */
  publicBaseUrl?: string;
  /** INBOUND_ALLOW_UNSIGNED: with NODE_ENV=production, accept calls of a provider that has no secret configured. */
  allowUnsigned: boolean;
  /** Deployment-level secrets, used when the organization has none of its own. */
  secrets: { generic?: string; postmark?: string; twilio?: string };
  /** Call recordings the service transcribes itself (docs/communications.md, "Call transcripts"). */
  recordings: RecordingConfig;
}

export interface RecordingConfig {
  /** TRANSCRIPTION_WORKER: work the recording-transcription queue in this process. */
  worker: boolean;
  /** RECORDING_MAX_BYTES: the largest recording fetched (25 MiB: the upload limit of OpenAI's transcriptions). */
  maxBytes: number;
  /** RECORDING_FETCH_TIMEOUT_MS: one fetch of a recording, redirects included. */
  timeoutMs: number;
  /**
   * TWILIO_API_URL: the origin of Twilio's recording URLs. The account's credentials are sent only there (or to
   * another https host under twilio.com); a Twilio recording URL elsewhere is not fetched.
   */
  twilioApiUrl: string;
}

export interface RetentionConfig {
  /** Outbox events whose deliveries are all finished, with their deliveries and attempts (RETENTION_EVENT_DAYS). */
  eventDays: number;
  /** Mail outbox rows (RETENTION_MAIL_DAYS). */
  mailDays: number;
  /** Platform audit entries (RETENTION_AUDIT_DAYS). */
  auditDays: number;
  /** Rows deleted per statement (RETENTION_BATCH_SIZE). */
  batchSize: number;
}

export interface QueryLimitConfig {
  maxTokens: number;
  maxDepth: number;
  maxAliases: number;
  maxRootFields: number;
  maxCost: number;
}

/** Outbound webhooks (docs/events.md). */
export interface WebhookConfig {
  /** Allow target URLs that resolve to private, loopback or link-local addresses (tests, local development). */
  allowPrivateUrls: boolean;
  /** Run the delivery worker inside the API process (`npm run worker` runs it alone). */
  worker: boolean;
  timeoutMs: number;
  /** Deliveries per organization per minute (spec Limits); the excess waits. */
  ratePerMinute: number;
  pollMs: number;
  batchSize: number;
  /** How long a failing delivery is retried. */
  retryWindowHours: number;
  /** A subscription whose every delivery failed for this long is disabled. */
  disableAfterHours: number;
  /** How long the previous secret still signs after a rotation. */
  secretGraceHours: number;
}

import type { Env } from './config-settings';

function positive(env: Env, name: string, fallback: number): number {
  const n = int(env, name, fallback);
  if (n < 1) throw new Error(`${name} must be 1 or more, got "${env[name]}"`);
  return n;
}

/** `https://app.example.com,https://admin.example.com`: exact origins only (no wildcard: cookies go with them). */
function origins(raw: string | undefined): string[] {
  const list = (raw ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '');
  for (const o of list) {
    let origin: string | undefined;
    try {
      origin = new URL(o).origin;
    } catch {
      origin = undefined;
    }
    if (origin !== o)
      throw new Error(
        `CORS_ORIGINS must list origins like https://app.example.com (scheme, host, optional port; no path or wildcard), got "${o}"`,
      );
  }
  return list;
}

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

function cookieSecure(raw: string | undefined): CookieSecure {
  const v = (raw ?? 'auto').toLowerCase();
  if (v === 'auto') return 'auto';
  if (['true', 'always', '1'].includes(v)) return 'always';
  if (['false', 'never', '0'].includes(v)) return 'never';
  throw new Error(`COOKIE_SECURE must be auto, true or false, got "${raw}"`);
}

function logFormat(raw: string | undefined, development: boolean): 'json' | 'pretty' {
  if (!raw) return development ? 'pretty' : 'json';
  if (raw === 'json' || raw === 'pretty') return raw;
  throw new Error(`LOG_FORMAT must be json or pretty, got "${raw}"`);
}

/** SESSION_SECRET, else one generated on first start and kept in the data folder (mode 0600). */
function sessionSecret(env: Env, dataDir: string): string {
  if (env.SESSION_SECRET) {
    if (env.SESSION_SECRET.length < 32) throw new Error('SESSION_SECRET must be at least 32 characters');
    return env.SESSION_SECRET;
  }
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomToken(48);
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: Env = process.env): Config {
  const production = env.NODE_ENV === 'production';
  if (production) refuseUnsafeProduction(env);
  const dataDir = resolve(env.DATA_DIR ?? '.data');
  return {
    environment: Object.freeze({ ...env }),
    env: env.NODE_ENV ?? 'development',
    port: int(env, 'PORT', 3000),
    databaseUrl: env.DATABASE_URL || undefined,
    directDatabaseUrl: env.DIRECT_DATABASE_URL || undefined,
    transactionPooler: pooler(env.DATABASE_POOLER),
    readReplica: env.READ_DATABASE_URL
      ? {
          url: env.READ_DATABASE_URL,
          maxLagMs: int(env, 'READ_REPLICA_MAX_LAG_MS', 1000),
          retryMs: positive(env, 'READ_REPLICA_RETRY_MS', 5000),
        }
      : undefined,
    dataDir,
    embeddedPgPort: int(env, 'EMBEDDED_PG_PORT', 54329),
    sessionSecret: sessionSecret(env, dataDir),
    cookieSecure: cookieSecure(env.COOKIE_SECURE),
    trustProxy: bool(env, 'TRUST_PROXY', false),
    rateLimits: {
      windowSeconds: int(env, 'RATE_LIMIT_WINDOW_SECONDS', 60),
      auth: int(env, 'RATE_LIMIT_AUTH', 10),
      read: int(env, 'RATE_LIMIT_READ', 100),
      write: int(env, 'RATE_LIMIT_WRITE', 50),
      webhook: int(env, 'RATE_LIMIT_WEBHOOK', 1000),
      costUnit: positive(env, 'RATE_LIMIT_COST_UNIT', 10_000),
    },
    queryLimits: {
      maxTokens: positive(env, 'GRAPHQL_MAX_TOKENS', 5000),
      maxDepth: positive(env, 'GRAPHQL_MAX_DEPTH', 8),
      maxAliases: int(env, 'GRAPHQL_MAX_ALIASES', 15),
      maxRootFields: positive(env, 'GRAPHQL_MAX_ROOT_FIELDS', 20),
      maxCost: positive(env, 'GRAPHQL_MAX_COST', 20_000),
    },
    timeouts: {
      requestMs: positive(env, 'REQUEST_TIMEOUT_MS', 15_000),
      statementMs: positive(env, 'DB_STATEMENT_TIMEOUT_MS', 5_000),
    },
    rowSecurity: bool(env, 'DB_ROW_SECURITY', true),
    corsOrigins: origins(env.CORS_ORIGINS),
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat: logFormat(env.LOG_FORMAT, (env.NODE_ENV ?? 'development') === 'development'),
    metricsToken: env.METRICS_TOKEN || undefined,
    graphqlIntrospection: bool(env, 'GRAPHQL_INTROSPECTION', !production),
    graphqlSandbox: bool(env, 'GRAPHQL_SANDBOX', !production),
    bodyLimit: env.BODY_LIMIT ?? '1mb',
    jsonMaxDepth: positive(env, 'JSON_MAX_DEPTH', 64),
    responseLimitBytes: positive(env, 'RESPONSE_LIMIT_BYTES', 16 * 1024 * 1024),
    seedDemo: bool(env, 'SEED_DEMO', true),
    migrateOnStart: bool(env, 'MIGRATE_ON_START', true),
    countTtlMs: positive(env, 'COUNT_TTL_MS', 1000),
    principalCache: bool(env, 'PRINCIPAL_CACHE', true),
    scheduler: bool(env, 'SCHEDULER', true),
    retention: {
      eventDays: int(env, 'RETENTION_EVENT_DAYS', 30),
      mailDays: int(env, 'RETENTION_MAIL_DAYS', 30),
      auditDays: int(env, 'RETENTION_AUDIT_DAYS', 365),
      batchSize: Math.max(1, int(env, 'RETENTION_BATCH_SIZE', 1000)),
    },
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'CRM <no-reply@localhost>',
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${int(env, 'PORT', 3000)}`,
    webhooks: {
      allowPrivateUrls: bool(env, 'WEBHOOK_ALLOW_PRIVATE_URLS', false),
      worker: bool(env, 'WEBHOOK_WORKER', true),
      timeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 10_000),
      ratePerMinute: int(env, 'WEBHOOK_RATE_PER_MINUTE', 1000),
      pollMs: int(env, 'WEBHOOK_POLL_MS', 1000),
      batchSize: int(env, 'WEBHOOK_BATCH_SIZE', 50),
      retryWindowHours: int(env, 'WEBHOOK_RETRY_WINDOW_HOURS', 72),
      disableAfterHours: int(env, 'WEBHOOK_DISABLE_AFTER_HOURS', 48),
      secretGraceHours: int(env, 'WEBHOOK_SECRET_GRACE_HOURS', 24),
    },
    imports: {
      maxBytes: int(env, 'IMPORT_MAX_BYTES', 20 * 1024 * 1024),
      maxRows: int(env, 'IMPORT_MAX_ROWS', 100_000),
      timeoutMs: positive(env, 'IMPORT_TIMEOUT_MS', 120_000),
    },
    exports: {
      timeoutMs: positive(env, 'EXPORT_TIMEOUT_MS', 600_000),
      batchRows: positive(env, 'EXPORT_BATCH_ROWS', 100),
      concurrency: positive(env, 'EXPORT_CONCURRENCY', 4),
      worker: bool(env, 'EXPORT_WORKER', true),
      resultHours: positive(env, 'EXPORT_RESULT_HOURS', 24),
      direct: bool(env, 'EXPORT_DIRECT', true),
      sqlLines: bool(env, 'EXPORT_SQL_LINES', true),
    },
    ai: aiConfigFromEnv(env),
    enrichment: enrichmentConfigFromEnv(env),
    inbound: {
      emailDomain: (env.INBOUND_EMAIL_DOMAIN || 'inbound.localhost').trim().toLowerCase(),
      publicBaseUrl: (env.PUBLIC_BASE_URL || env.PUBLIC_URL || undefined)?.replace(/\/+$/, ''),
      allowUnsigned: bool(env, 'INBOUND_ALLOW_UNSIGNED', !production),
      secrets: {
        generic: env.INBOUND_WEBHOOK_SECRET || undefined,
        postmark: env.POSTMARK_WEBHOOK_SECRET || undefined,
        twilio: env.TWILIO_AUTH_TOKEN || undefined,
      },
      recordings: {
        worker: bool(env, 'TRANSCRIPTION_WORKER', true),
        maxBytes: positive(env, 'RECORDING_MAX_BYTES', 25 * 1024 * 1024),
        timeoutMs: positive(env, 'RECORDING_FETCH_TIMEOUT_MS', 60_000),
        twilioApiUrl: new URL(env.TWILIO_API_URL || 'https://api.twilio.com').origin,
      },
    },
  };
}

function pooler(value: string | undefined): boolean {
  if (!value || value === 'none') return false;
  if (value === 'transaction') return true;
  throw new Error(`DATABASE_POOLER must be none or transaction, not ${value}`);
}
