import type { Request, RequestHandler, Response } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../../../config';
import { auditOnEnd } from '../audit/audit-hook';
import { clearSessionCookie, readCookie, SESSION_COOKIE, setSessionCookie } from '../../../http/session-cookie';
import type { AccountServices } from '../accounts.services';
import { withConnectionAsIs, withPlatformAccess, withTenantAccess } from '../../../db/access';

/** What authentication needs: the session, API-key and audit services of this module. */
export interface AuthenticateDeps {
  config: Config;
  orm: MikroORM;
  services: Pick<AccountServices, 'apiKeys' | 'sessions' | 'audit'>;
}

/** `Authorization: Bearer <token>` -> the token; any other scheme -> undefined. */
export function bearerToken(req: Request): string | undefined {
  const header = req.get('authorization');
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

async function fromApiKey(deps: AuthenticateDeps, req: Request, token: string): Promise<void> {
  const principal = await withConnectionAsIs(() => deps.services.apiKeys.resolve(deps.orm.em.fork(), token));
  if (principal) req.auth.principal = principal;
  else req.auth.failure = 'INVALID_API_KEY';
}

async function fromCookie(deps: AuthenticateDeps, req: Request, res: Response, token: string): Promise<void> {
  const found = await withConnectionAsIs(() => deps.services.sessions.resolve(deps.orm.em.fork(), token));
  if ('principal' in found) {
    req.auth.principal = found.principal;
    setSessionCookie(req, res, deps.config, token); // the cookie's Max-Age slides with the session
  } else {
    req.auth.failure = 'expired' in found ? 'SESSION_EXPIRED' : 'INVALID_SESSION';
    clearSessionCookie(req, res, deps.config);
  }
}

/**
 * Layer 1 of tenancy: resolves the credentials of the request to a principal (user, organization, role)
 * once per request. An `Authorization` header wins over the cookie: a bearer API key authenticates as
 * its organization and role; a header that is present but not a valid, live key is a failure (401),
 * never a fallback to the cookie. While a super admin impersonates, the principal is the impersonated
 * user's and every request leaves an audit entry. It never rejects by itself: whether a principal is
 * needed is decided by the shield rules. The credential lookups cross organizations (functions that carry their
 * own platform access, on whatever connection the pool hands out, so most requests switch no settings); the
 * rest of the request runs with the principal's organization as its row-level security context.
 */
export function authenticate(deps: AuthenticateDeps): RequestHandler {
  return async (req, res, next) => {
    req.auth = {};
    try {
      const bearer = req.get('authorization') !== undefined ? (bearerToken(req) ?? '') : undefined;
      const cookie = readCookie(req, SESSION_COOKIE);
      if (bearer !== undefined) await fromApiKey(deps, req, bearer);
      else if (cookie) await fromCookie(deps, req, res, cookie);
      const principal = req.auth.principal;
      if (principal?.impersonatorId)
        auditOnEnd(req, res, principal, (entry) =>
          withPlatformAccess(() => deps.services.audit.record(deps.orm.em.fork(), entry)),
        );
      // Layer 3: from here on, every statement of this request sees only the principal's organization.
      if (principal) withTenantAccess(principal.organizationId, next);
      else next();
    } catch (e) {
      next(e);
    }
  };
}
