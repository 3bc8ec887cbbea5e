import { AsyncLocalStorage } from 'node:async_hooks';
import type { MikroORM } from '@mikro-orm/postgresql';
import { dbAccessSwitches } from '../observability/metrics';
import { AppError, ErrorCode } from '../lib/errors';
import { currentStatementScope, type ScopedConnection } from './statement-scope';

/**
 * Layer 4 of tenancy (docs/architecture.md, "Tenancy, in layers"): PostgreSQL row-level security under the ORM's tenant filter.
 *
 * Every tenant table has a policy (migration 20261123200000_rls) that shows and accepts only the rows of
 * `app.organization_id`, unless `app.platform` is 'on'. The pool's connections run as the role `crm_app`, which
 * owns nothing, so FORCE RLS applies to it; the migrations run as the database owner.
 *
 * Which organization a statement may touch is an async context, not a parameter: every HTTP request starts
 * with NO organization (`deny`: it sees no tenant row at all), authentication narrows it to the principal's
 * organization, and the few places that must cross organizations say so in code with `withPlatformAccess`
 * (the credential lookups, sign-up, the inbound address lookup, the super admin's views). Code outside any
 * request (start-up, workers, scheduled jobs, scripts) is the platform itself.
 *
 * The pool hands a connection out only after its settings match the caller's context: one `set_config`
 * statement when they differ (a connection keeps them, so a service with one busy organization rarely pays
 * it). A transaction takes its connection once, at BEGIN, with the context of the code that opened it.
 */
export type Access =
  | { kind: 'tenant'; organizationId: string }
  | { kind: 'deny' }
  | { kind: 'platform' }
  /** The connecting user itself (the tables' owner): for tests and scripts that change the schema. */
  | { kind: 'owner' }
  /**
   * Statements that carry their own access (the credential lookup functions, migration 20261124000000): any
   * connection will do with the settings it holds, so the request's next statement finds it still in its tenant's.
   */
  | { kind: 'as-is' };

export const APP_ROLE = 'crm_app';

const storage = new AsyncLocalStorage<Access>();
const PLATFORM: Access = { kind: 'platform' };
const DENY: Access = { kind: 'deny' };
const OWNER: Access = { kind: 'owner' };
const AS_IS: Access = { kind: 'as-is' };

export function currentAccess(): Access {
  return storage.getStore() ?? PLATFORM;
}

export function withTenantAccess<T>(organizationId: string, fn: () => T): T {
  return storage.run({ kind: 'tenant', organizationId }, fn);
}

export function withPlatformAccess<T>(fn: () => T): T {
  return storage.run(PLATFORM, fn);
}

export function withOwnerAccess<T>(fn: () => T): T {
  return storage.run(OWNER, fn);
}

/** Runs `fn`, whose statements carry their own access (see `as-is`), on whichever connection the pool has. */
export function withConnectionAsIs<T>(fn: () => T): T {
  return storage.run(AS_IS, fn);
}

/** Runs `fn` (the rest of an HTTP request) seeing no organization's rows until authentication narrows it. */
export function withNoAccess<T>(fn: () => T): T {
  return storage.run(DENY, fn);
}

/** The three settings a connection needs for an access: role, organization, platform switch. */
export function settingsOf(a: Access): [role: string, organizationId: string, platform: 'on' | 'off'] {
  switch (a.kind) {
    case 'tenant':
      return [APP_ROLE, a.organizationId, 'off'];
    case 'deny':
    case 'as-is': // a connection not marked yet gets the settings that see nothing
      return [APP_ROLE, '', 'off'];
    case 'platform':
      return [APP_ROLE, '', 'on'];
    case 'owner':
      return ['none', '', 'on'];
  }
}

const SET_ACCESS = `select set_config('role', $1, false), set_config('app.organization_id', $2, false),
  set_config('app.platform', $3, false)`;

interface PgConnection extends ScopedConnection {
  query(text: string, values: unknown[]): Promise<unknown>;
  /** The settings this connection holds (our mark, `role|org|platform`). */
  crmAccess?: string;
}

interface KnexClient {
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(connection: PgConnection): Promise<unknown>;
}

/** How the pool's connections reach PostgreSQL (DATABASE_POOLER; docs/deploy.md, "Behind PgBouncer"). */
export interface RowSecurityOptions {
  /**
   * Through a pooler in transaction mode (PgBouncer `pool_mode = transaction`), a client connection's statements
   * may each run on another server connection, and a session setting stays behind on the server connection for
   * whichever client gets it next: every checkout is then one transaction whose first statement sets the access
   * with `set_config(..., true)` (local to it), and which commits when the connection goes back to the pool.
   */
  transactionPooler?: boolean;
  /** With `transactionPooler`: PostgreSQL's statement_timeout, set in the same statement (a pooler drops it as a startup parameter). */
  statementTimeoutMs?: number;
}

/**
 * Makes every connection the ORM hands out carry the settings of the caller's access, and counts it in the
 * caller's statement scope (db/statement-scope.ts: what a request's deadline cancels). Call once, after the
 * migrations ran (they need the owner).
 */
/** The knex clients whose every checkout is already a transaction (DATABASE_POOLER=transaction). */
const checkoutTransactions = new WeakSet<object>();

/**
 * Is every connection `knex` hands out already inside a transaction of its own (DATABASE_POOLER=transaction)? A
 * transaction opened on it is then nested in that one and cannot choose its isolation level.
 */
export function checkoutIsTransaction(knex: { client: object }): boolean {
  return checkoutTransactions.has(knex.client);
}

export function enforceRowSecurity(orm: MikroORM, options: RowSecurityOptions = {}): void {
  const client = orm.em.getConnection().getKnex().client as KnexClient;
  if (options.transactionPooler) checkoutTransactions.add(client);
  const acquire = client.acquireConnection.bind(client);
  const release = client.releaseConnection.bind(client);
  client.releaseConnection = async (connection) => {
    connection.crmScope?.release(connection);
    if (options.transactionPooler) await endCheckout(connection);
    return release(connection);
  };
  client.acquireConnection = async () => {
    const connection = await acquire();
    const scope = currentStatementScope();
    if (scope?.isCancelled) {
      await client.releaseConnection(connection);
      throw new AppError(ErrorCode.REQUEST_TIMEOUT, 'The request ran past its deadline');
    }
    scope?.hold(connection);
    const access = currentAccess();
    if (options.transactionPooler) return beginCheckout(client, connection, access, options.statementTimeoutMs);
    if (access.kind === 'as-is' && connection.crmAccess !== undefined) return connection;
    const settings = settingsOf(access);
    const mark = settings.join('|');
    if (connection.crmAccess === mark) return connection;
    try {
      dbAccessSwitches.inc({ access: access.kind === 'as-is' ? 'deny' : access.kind });
      await connection.query(SET_ACCESS, settings);
    } catch (e) {
      connection.crmAccess = undefined;
      await client.releaseConnection(connection);
      throw e;
    }
    connection.crmAccess = mark;
    return connection;
  };
}

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * One round trip: BEGIN and the access, local to the transaction (a simple query of two statements, so no
 * parameters: the values are quoted). A transaction the ORM opens on this connection then only warns that one is in
 * progress and ends it with its COMMIT or ROLLBACK; `endCheckout` commits what is left.
 */
async function beginCheckout(
  client: KnexClient,
  connection: PgConnection,
  access: Access,
  statementTimeoutMs: number | undefined,
): Promise<PgConnection> {
  const [role, organizationId, platform] = settingsOf(access);
  const timeout = statementTimeoutMs
    ? `, set_config('statement_timeout', '${Math.floor(statementTimeoutMs)}', true)`
    : '';
  try {
    await connection.query(
      `begin; select set_config('role', ${literal(role)}, true), set_config('app.organization_id', ${literal(organizationId)}, true), set_config('app.platform', ${literal(platform)}, true)${timeout}`,
      [],
    );
  } catch (e) {
    await client.releaseConnection(connection);
    throw e;
  }
  connection.crmAccess = undefined;
  return connection;
}

/** Commits the checkout's transaction (a no-op, with a warning, when the ORM's own COMMIT or ROLLBACK ended it). */
async function endCheckout(connection: PgConnection): Promise<void> {
  await connection.query('commit', []).catch(() => undefined);
}
