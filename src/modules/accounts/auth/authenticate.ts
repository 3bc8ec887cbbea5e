import type { Request, RequestHandler } from 'express';
import type { AuthFailure, Principal } from '../../../http/principal';
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

/** Credentials as a request or a live connection carries them: a bearer API key wins over the session cookie. */
export interface Credentials {
  bearer?: string;
  cookie?: string;
}

/** What credentials resolve to: a principal, or why not; undefined when there were none. */
export type CredentialCheck = { principal: Principal } | { failure: AuthFailure } | undefined;

/**
 * The one resolution of credentials, for HTTP requests (below) and live connections (src/live/live-socket.ts, the
 * SSE stream): a bearer token is an API key and nothing else; else the session cookie.
 */
export async function principalOf(deps: AuthenticateDeps, credentials: Credentials): Promise<CredentialCheck> {
  const { bearer, cookie } = credentials;
  if (bearer !== undefined) {
    const principal = await withConnectionAsIs(() => deps.services.apiKeys.resolve(deps.orm.em.fork(), bearer));
    return principal ? { principal } : { failure: 'INVALID_API_KEY' };
  }
  if (!cookie) return undefined;
  const found = await withConnectionAsIs(() => deps.services.sessions.resolve(deps.orm.em.fork(), cookie));
  if ('principal' in found) return { principal: found.principal };
  return { failure: 'expired' in found ? 'SESSION_EXPIRED' : 'INVALID_SESSION' };
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
      const check = await principalOf(deps, { bearer, cookie });
      if (check && 'principal' in check) req.auth.principal = check.principal;
      else if (check) req.auth.failure = check.failure;
      // The cookie's Max-Age slides with the session; a dead session's cookie is cleared.
      if (bearer === undefined && cookie && check) {
        if ('principal' in check) setSessionCookie(req, res, deps.config, cookie);
        else clearSessionCookie(req, res, deps.config);
      }
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
