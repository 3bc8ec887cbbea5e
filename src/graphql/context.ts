import type { Request, Response } from 'express';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../config';
import type { Logger } from '../lib/logger';
import { TENANT_FILTER } from '../db/tenant-filter';
import { organizationTimezone } from '../db/organization-day';
import { localDate, today } from '../lib/calendar-days';
import { Loaders } from './loaders';
import type { AuditNote } from '../http/audit-note';
import type { AuthFailure, Principal } from '../http/principal';
import { clearSessionCookie, readCookie, SESSION_COOKIE, setSessionCookie } from '../http/session-cookie';

/** One context type for every operation, whether it came through /graphql or through the REST adapter. */
export interface Context<S = unknown> {
  requestId: string;
  log: Logger;
  /** A fork for this request; its tenant filter is scoped to the principal's organization. */
  em: EntityManager;
  /** Per-request DataLoaders over `em` (graphql/loaders.ts). */
  loaders: Loaders;
  principal?: Principal;
  authFailure?: AuthFailure;
  /** Set when the request is audited (while impersonating): the root fields note what they did (graphql/audit-note.ts). */
  audit?: AuditNote;
  /** The services of the modules (src/modules/index.ts: Services); each module's resolvers see their own. */
  services: S;
  config: Config;
  client: { ip?: string; userAgent?: string; sessionToken?: string };
  /** Wall-clock ms past which no resolver starts (http/deadline.ts, graphql/deadline-fields.ts). */
  readonly deadline?: number;
  /** The /graphql document text the query limits measured (graphql-request.ts): Apollo runs no other. */
  readonly measuredSource?: string;
  /**
   * The principal's organization's local date now (db/organization-day.ts): the default of every date a request
   * leaves out and the "today" of every comparison. Its timezone is read once per request; UTC without a principal.
   */
  today(): Promise<string>;
  /**
   * On a subscription of the SSE stream: the stream's cursor (live/live-cursor.ts: its replay, its event ids). Opaque
   * here: the live layer sits above this one (docs/architecture.md, "Layers") and reads it as its own type.
   */
  live?: object;
  /** Session cookie control for login/logout, on this request's response. */
  cookie: { setSession(token: string): void; clearSession(): void };
}

/** A context whose principal is known to be set: what guarded resolvers receive. */
export type AuthedContext<S = unknown> = Context<S> & { principal: Principal };

/** What a context is built from: the composition root's dependencies. */
export interface ContextDeps<S> {
  config: Config;
  orm: MikroORM;
  services: S;
}

/** `base`: a transaction the operation runs in (an operation of POST /api/batch, rest-adapter/batch.ts). */
export function createContext<S>(deps: ContextDeps<S>, req: Request, res: Response, base?: EntityManager): Context<S> {
  // A POST with an Idempotency-Key runs inside the transaction that stores its answer (http/idempotency.ts).
  // A heavy read may have chosen the read replica (http/read-routing.ts).
  const em = (base ?? req.idempotency?.em ?? (req.readOrm ?? deps.orm).em).fork({
    clear: true,
    keepTransactionContext: true,
  });
  const principal = req.auth?.principal;
  if (principal) em.setFilterParams(TENANT_FILTER, { organizationId: principal.organizationId });
  return {
    requestId: req.requestId,
    get log() {
      return req.log; // made on first use (http/request-id.ts)
    },
    get deadline() {
      return req.deadline; // a long upload may move it (req.extendDeadline)
    },
    measuredSource: req.graphql?.source,
    em,
    loaders: new Loaders(em, req.deadline),
    principal,
    authFailure: req.auth?.failure,
    audit: req.auditNote,
    services: deps.services,
    config: deps.config,
    client: { ip: req.ip, userAgent: req.get('user-agent'), sessionToken: readCookie(req, SESSION_COOKIE) },
    today: todayOf(em, principal),
    cookie: {
      setSession: (token) => setSessionCookie(req, res, deps.config, token),
      clearSession: () => clearSessionCookie(req, res, deps.config),
    },
  };
}

/** The principal's organization's local date, its timezone read once (UTC without a principal). */
function todayOf(em: EntityManager, principal: Principal | undefined): () => Promise<string> {
  let timezone: Promise<string> | undefined;
  return async () => {
    if (!principal) return today();
    timezone ??= organizationTimezone(em, principal.organizationId);
    return localDate(await timezone);
  };
}

/**
 * The context of work done for a principal outside an HTTP request: a background job running a list's export
 * (rest-adapter/list-export.ts), or a live operation (a subscription over WebSocket, the SSE stream; docs/events.md,
 * "Live events") with one principal for the connection's life. The principal's organization, no deadline, no
 * cookies; the caller runs it inside `withTenantAccess` (src/db/access.ts). A live operation reads each event in a
 * unit of work of its own (`freshUnitOfWork`), so a long subscription keeps no records in memory.
 */
export function principalContext<S>(
  deps: ContextDeps<S>,
  principal: Principal,
  log: Logger,
  requestId: string,
  client: { ip?: string; userAgent?: string } = {},
): Context<S> {
  const em = deps.orm.em.fork({ clear: true });
  em.setFilterParams(TENANT_FILTER, { organizationId: principal.organizationId });
  return {
    requestId,
    log,
    em,
    loaders: new Loaders(em),
    principal,
    services: deps.services,
    config: deps.config,
    client,
    today: todayOf(em, principal),
    cookie: { setSession: () => undefined, clearSession: () => undefined },
  };
}

/** A new EntityManager fork and loaders for the next event of a live operation. */
export function freshUnitOfWork(ctx: Context<unknown>): void {
  const em = ctx.em.fork({ clear: true });
  if (ctx.principal) em.setFilterParams(TENANT_FILTER, { organizationId: ctx.principal.organizationId });
  ctx.em = em;
  ctx.loaders = new Loaders(em);
}
