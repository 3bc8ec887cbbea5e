import type { EntityManager } from '@mikro-orm/postgresql';
import { clock } from '../../../lib/clock';
import { hashPassword, verifyPassword } from '../../../lib/crypto';
import { AppError } from '../../../lib/errors';
import type { Logger } from '../../../lib/logger';
import type { Mailer } from '../../../mail/mailer';
import { User } from '../users/user.entity';
import type { OneTimeTokens } from './one-time-tokens';
import { PasswordResetToken } from './password-reset.entity';
import type { Principal } from '../../../http/principal';
import type { SessionService } from './session.service';
import { withPlatformAccess } from '../../../db/access';

export const RESET_TTL_MS = 3600 * 1000;

/** Forgot / reset / change password. */
export class PasswordService {
  constructor(
    private readonly sessions: SessionService,
    private readonly tokens: OneTimeTokens,
    private readonly mailer: Mailer,
  ) {}

  /**
   * Mails a reset link when the email has an account. The caller always gets the same answer (202), and a
   * mail failure is only logged, so the response reveals nothing about the account.
   */
  async requestReset(em: EntityManager, email: string, log?: Logger): Promise<void> {
    const address = email.trim().toLowerCase();
    try {
      // Anonymous, by email: the account may be in any organization (platform access).
      await withPlatformAccess(() => this.mailResetLink(em, address));
    } catch (err) {
      log?.error({ err }, 'password reset mail failed');
    }
  }

  private async mailResetLink(em: EntityManager, address: string): Promise<void> {
    await em.transactional(async (tx) => {
      const user = await tx.findOne(User, { email: address }, { filters: false });
      if (!user) return;
      // A new request replaces the earlier unused links.
      await tx.nativeDelete(PasswordResetToken, { user: user.id, usedAt: null }, { filters: false });
      const { token, digest } = this.tokens.issue();
      tx.persist(
        new PasswordResetToken({
          organization: user.organization,
          user: tx.getReference(User, user.id, { wrapped: true }),
          tokenDigest: digest,
          expiresAt: new Date(clock.nowMs() + RESET_TTL_MS),
        }),
      );
      await tx.flush();
      await this.mailer.send(tx, {
        to: address,
        kind: 'password_reset',
        organizationId: user.organization.id,
        subject: 'Reset your password',
        text: `Someone asked to reset the password of ${address}. If it was you, set a new one here (valid for 1 hour, single use):\n${this.mailer.link('/reset-password', token)}\n\nToken: ${token}\n\nIf it was not you, ignore this mail.\n`,
      });
    });
  }

  /** Sets a new password with a mailed token (single use, 1 hour) and ends every session of the user. */
  async reset(em: EntityManager, token: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    // Anonymous, by token: the token's user may be in any organization (platform access).
    await withPlatformAccess(() => this.claimReset(em, token, passwordHash));
  }

  private async claimReset(em: EntityManager, token: string, passwordHash: string): Promise<void> {
    await em.transactional(async (tx) => {
      const now = clock.now();
      const claimed: { user_id: string }[] = await tx.execute(
        'update password_reset_tokens set used_at = ?, updated_at = ? where token_digest = ? and used_at is null and expires_at > ? returning user_id',
        [now, now, this.tokens.digest(token), now],
        'all',
      );
      if (!claimed.length)
        throw AppError.validation([{ field: 'token', message: 'The reset link is invalid, already used or expired' }]);
      await this.setPassword(tx, claimed[0].user_id, passwordHash);
    });
  }

  /** Needs the current password; ends the user's other sessions (the one in use stays). */
  async change(em: EntityManager, principal: Principal, currentPassword: string, newPassword: string): Promise<void> {
    if (principal.apiKeyId) throw AppError.forbidden('The password cannot be changed with an API key');
    const user = await em.findOne(User, { id: principal.userId }, { populate: ['passwordHash'] });
    if (!user) throw AppError.unauthenticated();
    if (!(await verifyPassword(user.passwordHash, currentPassword))) {
      throw AppError.validation([{ field: 'currentPassword', message: 'currentPassword is not correct' }]);
    }
    const passwordHash = await hashPassword(newPassword);
    await em.transactional((tx) => this.setPassword(tx, user.id, passwordHash, principal.sessionId));
  }

  private async setPassword(
    tx: EntityManager,
    userId: string,
    passwordHash: string,
    keepSessionId?: string,
  ): Promise<void> {
    await tx.execute(
      'update users set password_hash = ?, updated_at = ? where id = ?',
      [passwordHash, clock.now(), userId],
      'run',
    );
    await this.sessions.destroyAllForUser(tx, userId, keepSessionId);
  }
}
