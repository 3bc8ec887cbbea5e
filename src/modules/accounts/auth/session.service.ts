import type { EntityManager } from '@mikro-orm/postgresql';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../../http/session-cookie';
import { clock } from '../../../lib/clock';
import { randomToken, tokenDigest } from '../../../lib/crypto';
import { Role } from '../../../lib/role';
import type { User } from '../users/user.entity';
import { Session } from './session.entity';
import { withPlatformAccess } from '../../../db/access';
import type { Principal } from '../../../http/principal';
import { PrincipalCache } from './principal-cache';

/** Spec, Limits: expires after 7 days of inactivity, and 30 days after login whatever the activity. */

export type SessionLookup = { principal: Principal } | { expired: true } | { unknown: true };

/** A live session's user and, while impersonating, its target (crm_session_principal, migration 20261124000000). */
interface LiveRow {
  user_id: string;
  organization_id: string;
  role: Role;
  email: string;
  last_seen_at: Date;
  expires_at: Date;
  absolute_expires_at: Date;
  target_id: string | null;
  target_organization_id: string | null;
  target_role: Role | null;
  target_email: string | null;
}

/**
 * A session's expiry slides at most this often: a live session costs at most one read per request (none while
 * this process keeps its principal), and one write a minute while it is used (docs/decisions.md, "Sessions"). Its idle expiry is therefore 7 days after the
 * last request, give or take this much.
 */
export const SESSION_SLIDE_INTERVAL_MS = 60_000;

/**
 * Sessions live in PostgreSQL so that they survive restarts and every instance shares them. The cookie
 * holds a random token; the table holds only its digest.
 */
export class SessionService {
  /**
   * The live sessions this process has read (principal-cache.ts): used only while the app keeps it attached to
   * the database's notifications (principal-listener.ts, PRINCIPAL_CACHE); until then every request reads.
   */
  readonly principals = new PrincipalCache<LiveRow>({ maxAgeMs: SESSION_SLIDE_INTERVAL_MS, maxEntries: 50_000 });

  constructor(private readonly secret: string) {}

  digest(token: string): string {
    return tokenDigest(token, this.secret);
  }

  /** Starts a session and returns the token for the cookie. */
  async create(em: EntityManager, user: User, meta: { ip?: string; userAgent?: string }): Promise<string> {
    const token = randomToken();
    const now = clock.now();
    const session = new Session({
      id: this.digest(token),
      user,
      organization: user.organization,
      now,
      expiresAt: new Date(now.getTime() + SESSION_IDLE_MS),
      absoluteExpiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
    await em.persistAndFlush(session);
    return token;
  }

  /**
   * Resolves a cookie token: one statement (a function with its own platform access, so the connection keeps
   * the tenant settings it has) reads the live session, its user and any impersonation target; the expiry slides
   * with a write at most once a minute. Only a miss costs a second statement, to tell an expired session (then
   * deleted) from an unknown one. Run it under `withConnectionAsIs` (db/access.ts).
   */
  async resolve(em: EntityManager, token: string): Promise<SessionLookup> {
    const id = this.digest(token);
    const now = clock.now();
    let row = this.principals.get(id, now.getTime());
    if (!row) {
      const mark = this.principals.mark();
      [row] = (await em.execute('select * from crm_session_principal(?, ?)', [id, now])) as LiveRow[];
      if (!row) {
        const deleted = await withPlatformAccess(() =>
          em.execute('delete from sessions where id = ? returning id', [id]),
        );
        return deleted.length > 0 ? { expired: true } : { unknown: true };
      }
      const expiresAt = Math.min(new Date(row.expires_at).getTime(), new Date(row.absolute_expires_at).getTime());
      const users = row.target_id ? [row.user_id, row.target_id] : [row.user_id];
      this.principals.put(id, row, users, { now: now.getTime(), expiresAt }, mark);
    }
    if (now.getTime() - new Date(row.last_seen_at).getTime() >= SESSION_SLIDE_INTERVAL_MS) {
      row.last_seen_at = now; // the other requests of this minute do not write it again (the write evicts the entry)
      await withPlatformAccess(() =>
        em.execute(
          'update sessions set last_seen_at = ?, expires_at = least(?::timestamptz, absolute_expires_at) where id = ?',
          [now, new Date(now.getTime() + SESSION_IDLE_MS), id],
        ),
      );
    }
    const own: Principal = {
      userId: row.user_id,
      organizationId: row.organization_id,
      role: row.role,
      email: row.email,
      sessionId: id,
    };
    return { principal: this.impersonated(own, row) };
  }

  /**
   * While impersonating, the request acts as the impersonated user in their organization (so the tenant
   * filter scopes it there); the super admin stays on record as the impersonator. Impersonation only
   * holds while the session's own user is still a super admin.
   */
  private impersonated(own: Principal, row: LiveRow): Principal {
    if (!row.target_id || !row.target_organization_id || !row.target_role || !row.target_email) return own;
    if (own.role !== Role.super_admin) return own;
    return {
      userId: row.target_id,
      organizationId: row.target_organization_id,
      role: row.target_role,
      email: row.target_email,
      sessionId: own.sessionId,
      impersonatorId: own.userId,
      impersonatorEmail: own.email,
    };
  }

  /** Starts (a user id) or ends (null) impersonation on a session. */
  async setImpersonation(em: EntityManager, sessionId: string, targetUserId: string | null): Promise<void> {
    await em.execute('update sessions set impersonated_user_id = ?, impersonation_started_at = ? where id = ?', [
      targetUserId,
      targetUserId ? clock.now() : null,
      sessionId,
    ]);
    this.principals.invalidate(`s:${sessionId}`);
  }

  async destroy(em: EntityManager, sessionId: string): Promise<void> {
    await em.execute('delete from sessions where id = ?', [sessionId]);
    this.principals.invalidate(`s:${sessionId}`);
  }

  /**
   * After a change of a user row (role, removal): this process forgets the user's sessions at once. The database
   * tells every process when the change commits; this covers this process's next request even before that.
   */
  forgetUser(userId: string): void {
    this.principals.invalidate(`u:${userId}`);
  }

  async destroyToken(em: EntityManager, token: string): Promise<void> {
    await this.destroy(em, this.digest(token));
  }

  /** Ends every session of a user at once (password reset or change, removal from the team), in the caller's transaction. */
  async destroyAllForUser(em: EntityManager, userId: string, exceptSessionId?: string): Promise<void> {
    await em.execute('delete from sessions where user_id = ? and id <> ?', [userId, exceptSessionId ?? ''], 'run');
    this.forgetUser(userId);
  }

  /** Housekeeping: rows past their expiry are only kept until this runs. */
  async purgeExpired(em: EntityManager): Promise<number> {
    const rows = await em.execute('delete from sessions where expires_at <= ? returning id', [clock.now()]);
    return rows.length;
  }
}
