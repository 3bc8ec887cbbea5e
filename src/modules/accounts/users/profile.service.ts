import type { EntityManager } from '@mikro-orm/postgresql';
import { withPlatformAccess } from '../../../db/access';
import type { Principal } from '../../../http/principal';
import { verifyPassword } from '../../../lib/crypto';
import { AppError } from '../../../lib/errors';
import type { Mailer } from '../../../mail/mailer';
import { AuditKind } from '../audit/audit-entry.entity';
import type { AuditService } from '../audit/audit.service';
import type { SessionService } from '../auth/session.service';
import type { UpdateProfileInput } from './team.types';
import { User } from './user.entity';

/**
 * The caller's own profile (docs/accounts.md, "Profile"): names, email and mobile number, the fields sent. The role is
 * not in it (an admin's `updateMember`). A new email is the login of the account, so it is guarded as a new password
 * is: the current password, not with an API key, not while impersonating (the shield rule, graphql/rules.ts).
 */
export class ProfileService {
  constructor(
    private readonly sessions: SessionService,
    private readonly mailer: Mailer,
    private readonly audit: AuditService,
  ) {}

  async update(em: EntityManager, principal: Principal, input: UpdateProfileInput, requestId?: string): Promise<User> {
    const user = await em.findOne(User, { id: principal.userId }, { populate: ['passwordHash'] });
    if (!user) throw AppError.unauthenticated();
    const email = input.email?.trim().toLowerCase();
    const newEmail = email !== undefined && email !== user.email ? email : undefined;
    if (newEmail !== undefined) await this.checkEmailChange(em, principal, user, newEmail, input.currentPassword);
    const changes = changesOf(user, input, newEmail);
    const saved = await em.transactional(async (tx) => {
      const row = await tx.findOneOrFail(User, { id: user.id });
      if (input.phone !== undefined) row.phone = input.phone || null;
      if (input.firstName !== undefined) row.firstName = input.firstName.trim();
      if (input.lastName !== undefined) row.lastName = input.lastName.trim();
      if (newEmail !== undefined) {
        const previous = row.email;
        row.email = newEmail;
        // the unique index settles a race with another account taking the address: 409 (accounts.module conflicts)
        await tx.flush();
        // the old address hears of it (there is no verification of addresses to follow: docs/accounts.md, "Profile")
        await this.mailer.send(tx, {
          to: previous,
          kind: 'email_changed',
          organizationId: principal.organizationId,
          subject: 'Your login email was changed',
          text: `The login email of your account was changed from ${previous} to ${newEmail}.\n\nIf it was not you, ask an admin of your organization to help you get the account back.\n`,
        });
      }
      await tx.flush();
      return row;
    });
    // sessions read the email with the principal; every process forgets it at commit too (the users trigger)
    if (newEmail !== undefined) this.sessions.forgetUser(user.id);
    if (changes.length) await this.record(em, principal, user.id, changes, requestId);
    return saved;
  }

  /** 403 with an API key, 400 without the right current password, 409 when another account has the address. */
  private async checkEmailChange(
    em: EntityManager,
    principal: Principal,
    user: User,
    email: string,
    currentPassword: string | undefined,
  ): Promise<void> {
    if (principal.apiKeyId) throw AppError.forbidden('The email cannot be changed with an API key');
    if (!currentPassword)
      throw AppError.validation([
        { field: 'currentPassword', message: 'currentPassword is required to change the email' },
      ]);
    if (!(await verifyPassword(user.passwordHash, currentPassword)))
      throw AppError.validation([{ field: 'currentPassword', message: 'currentPassword is not correct' }]);
    // Emails are unique across organizations, so this look is a platform read; the unique index settles races.
    if (await withPlatformAccess(() => em.fork().count(User, { email }, { filters: false })))
      throw AppError.conflict('An account with this email already exists');
  }

  /** One entry in the organization's audit log (`GET /api/audit`) per change of names or email. */
  private record(
    em: EntityManager,
    principal: Principal,
    userId: string,
    changes: string[],
    requestId?: string,
  ): Promise<void> {
    const impersonating = !!principal.impersonatorId;
    return this.audit.record(em, {
      actorUserId: principal.impersonatorId ?? principal.userId,
      actorEmail: principal.impersonatorEmail ?? principal.email,
      impersonatedUserId: impersonating ? principal.userId : undefined,
      impersonatedEmail: impersonating ? principal.email : undefined,
      targetOrganizationId: principal.organizationId,
      action: `profile.update: ${changes.join('; ')}`,
      operation: 'updateProfile',
      kind: AuditKind.write,
      recordId: userId,
      status: 200,
      requestId,
    });
  }
}

/** What the audit entry says changed: the names and the email, each from and to (the phone is not audited). */
function changesOf(user: User, input: UpdateProfileInput, newEmail: string | undefined): string[] {
  const changes: string[] = [];
  const first = input.firstName?.trim();
  const last = input.lastName?.trim();
  if (first !== undefined && first !== user.firstName) changes.push(`firstName "${user.firstName}" -> "${first}"`);
  if (last !== undefined && last !== user.lastName) changes.push(`lastName "${user.lastName}" -> "${last}"`);
  if (newEmail !== undefined) changes.push(`email ${user.email} -> ${newEmail}`);
  return changes;
}
