import type { RequestHandler } from 'express';
import type { AppDeps } from '../app-deps';
import { clearSessionCookie, readCookie, SESSION_COOKIE, setSessionCookie } from './session-cookie';

/**
 * Layer 1 of tenancy: resolves the session cookie to a principal (user, organization, role) once per
 * request. It never rejects by itself: whether a principal is needed is decided by the shield rules.
 */
export function authenticate(deps: AppDeps): RequestHandler {
  return async (req, res, next) => {
    req.auth = {};
    const token = readCookie(req, SESSION_COOKIE);
    if (!token) return next();
    try {
      const found = await deps.services.sessions.resolve(deps.orm.em.fork(), token);
      if ('principal' in found) {
        req.auth.principal = found.principal;
        setSessionCookie(req, res, deps.config, token); // the cookie's Max-Age slides with the session
      } else {
        req.auth.failure = 'expired' in found ? 'SESSION_EXPIRED' : 'INVALID_SESSION';
        clearSessionCookie(req, res, deps.config);
      }
      next();
    } catch (e) {
      next(e);
    }
  };
}
