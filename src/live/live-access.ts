import type { AuthFailure, Principal } from '../http/principal';
import type { LiveHub } from './live-hub';

/** Credentials as a live connection carries them: a bearer API key, else the session cookie. */
export interface LiveCredentials {
  bearer?: string;
  cookie?: string;
}

/** The service's one resolution of credentials (the accounts module's `principalOf`). */
export type ResolveCredentials = (
  credentials: LiveCredentials,
) => Promise<{ principal: Principal } | { failure: AuthFailure } | undefined>;

/** How long a live connection goes at most without its credentials being read again (an idle session expiring). */
export const RECHECK_MS = 60_000;

/** Whether an access change (`./live-hub.ts`, AccessChange) may be about `principal`. */
export function concerns(change: string, principal: Principal): boolean {
  if (change === '*') return true;
  const [kind, id] = [change.slice(0, 2), change.slice(2)];
  if (kind === 's:') return principal.sessionId === id;
  if (kind === 'u:') return principal.userId === id || principal.impersonatorId === id;
  if (kind === 'k:') return principal.apiKeyId === id;
  return true;
}

const same = (a: Principal, b: Principal) =>
  a.userId === b.userId && a.organizationId === b.organizationId && a.role === b.role && a.apiKeyId === b.apiKeyId;

/**
 * Keeps a live connection honest (docs/events.md, "Live events"): whenever an access change may concern its
 * principal (the session ended, the user's role changed or the user was removed, the API key was revoked), and
 * at least every RECHECK_MS, its credentials are resolved again; gone, `end(401)`; another role or user,
 * `end(403)` (the client connects again and is checked as it is now). Returns the function that stops watching.
 */
export function watchAccess(
  hub: LiveHub,
  resolve: ResolveCredentials,
  credentials: LiveCredentials,
  principal: Principal,
  end: (status: 401 | 403) => void,
): () => void {
  let stopped = false;
  const recheck = async () => {
    let check: Awaited<ReturnType<ResolveCredentials>>;
    try {
      check = await resolve(credentials);
    } catch {
      return; // the database is away: the next change or the next period checks again
    }
    if (stopped) return;
    if (!check || !('principal' in check)) end(401);
    else if (!same(check.principal, principal)) end(403);
  };
  const stopWatching = hub.onAccessChange((change) => {
    if (concerns(change, principal)) void recheck();
  });
  const timer = setInterval(() => void recheck(), RECHECK_MS);
  timer.unref();
  return () => {
    stopped = true;
    stopWatching();
    clearInterval(timer);
  };
}
