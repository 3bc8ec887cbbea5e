import type { Request, Response } from 'express';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps, Services } from '../app-deps';
import type { Config } from '../config';
import type { Logger } from '../lib/logger';
import { TENANT_FILTER } from '../db/tenant-filter';
import { Loaders } from './loaders';
import type { AuthFailure, Principal } from '../http/principal';
import { clearSessionCookie, readCookie, SESSION_COOKIE, setSessionCookie } from '../http/session-cookie';

/** One context type for every operation, whether it came through /graphql or through the REST adapter. */
export interface Context {
  requestId: string;
  log: Logger;
  /** A fork for this request; its tenant filter is scoped to the principal's organization. */
  em: EntityManager;
  /** Per-request DataLoaders over `em` (graphql/loaders.ts). */
  loaders: Loaders;
  principal?: Principal;
  authFailure?: AuthFailure;
  services: Services;
  config: Config;
  client: { ip?: string; userAgent?: string; sessionToken?: string };
  /** Session cookie control for login/logout, on this request's response. */
  cookie: { setSession(token: string): void; clearSession(): void };
}

/** A context whose principal is known to be set: what guarded resolvers receive. */
export type AuthedContext = Context & { principal: Principal };

export function createContext(deps: AppDeps, req: Request, res: Response): Context {
  const em = deps.orm.em.fork({ clear: true });
  const principal = req.auth?.principal;
  if (principal) em.setFilterParams(TENANT_FILTER, { organizationId: principal.organizationId });
  return {
    requestId: req.requestId,
    log: req.log,
    em,
    loaders: new Loaders(em),
    principal,
    authFailure: req.auth?.failure,
    services: deps.services,
    config: deps.config,
    client: { ip: req.ip, userAgent: req.get('user-agent'), sessionToken: readCookie(req, SESSION_COOKIE) },
    cookie: {
      setSession: (token) => setSessionCookie(req, res, deps.config, token),
      clearSession: () => clearSessionCookie(req, res, deps.config),
    },
  };
}
