import type { Request, Response } from 'express';
import type { Config } from '../config';

/** Spec, Authentication: cookie `sessionId`; Path=/; HttpOnly; Secure over https; SameSite=Strict; Max-Age=604800. */
export const SESSION_COOKIE = 'sessionId';

/** Spec, Limits: a session lasts 7 days after its last request, 30 days at most. */
export const SESSION_IDLE_MS = 7 * 24 * 3600 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600 * 1000;

export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(value) || undefined;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Secure when the request came over https (behind a proxy: TRUST_PROXY), or always when COOKIE_SECURE=true. */
function secure(req: Request, config: Config): boolean {
  return config.cookieSecure === 'always' || (config.cookieSecure === 'auto' && req.secure);
}

/** A response carries at most one session cookie: a later set or clear replaces an earlier one. */
function dropPending(res: Response): void {
  const current = res.getHeader('Set-Cookie');
  if (current === undefined) return;
  const list = Array.isArray(current) ? current : [String(current)];
  res.setHeader(
    'Set-Cookie',
    list.filter((c) => !c.startsWith(`${SESSION_COOKIE}=`)),
  );
}

export function setSessionCookie(req: Request, res: Response, config: Config, token: string): void {
  dropPending(res);
  res.cookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: secure(req, config),
    maxAge: SESSION_IDLE_MS,
  });
}

export function clearSessionCookie(req: Request, res: Response, config: Config): void {
  dropPending(res);
  res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict', secure: secure(req, config) });
}
