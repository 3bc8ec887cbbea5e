import type { EntityManager } from '@mikro-orm/postgresql';
import { listPage, ListSpec } from '../../../db/list-query';
import { ListArgs, Page, SortOrder } from '../../../db/pagination';
import { clock } from '../../../lib/clock';
import { hashPassword } from '../../../lib/crypto';
import { AppError } from '../../../lib/errors';
import type { Mailer } from '../../../mail/mailer';
import type { Principal } from '../../../http/principal';
import type { SessionService } from '../auth/session.service';
import { Organization } from '../organizations/organization.entity';
import { Invitation } from './invitation.entity';
import { MemberRole } from './member-role';
import type { InviteUserInput, UpdateMemberInput } from './team.types';
import { User } from './user.entity';
import { Role } from '../../../lib/role';
import type { OneTimeTokens } from '../auth/one-time-tokens';
import { withPlatformAccess } from '../../../db/access';

export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

const INVITATIONS: ListSpec<Invitation> = {
  searchFields: ['email', 'firstName', 'lastName'],
  sortable: { createdAt: 'createdAt', email: 'email', expiresAt: 'expiresAt' },
  defaultSort: { field: 'createdAt', order: SortOrder.desc },
  dateField: 'createdAt',
};

/**
 * Team management of an organization's admins: invitations, roles, removal. The em is tenant-scoped, so
 * another organization's user or invitation is "not found".
 */
export class TeamService {
  constructor(
    private readonly sessions: SessionService,
    private readonly tokens: OneTimeTokens,
    private readonly mailer: Mailer,
  ) {}

  /**
   * 409 when the email already has an account (emails are unique across the service) or a pending invitation
   * of this organization; the mail is sent in the same transaction.
   */
  async invite(em: EntityManager, principal: Principal, input: InviteUserInput): Promise<Invitation> {
    const email = input.email.trim().toLowerCase();
    // Emails are unique across organizations, so this look is a platform read; the unique index settles races.
    if (await withPlatformAccess(() => em.fork().count(User, { email }, { filters: false })))
      throw AppError.conflict('A user with this email already exists');
    return em.transactional(async (tx) => {
      if (await tx.count(Invitation, { email, acceptedAt: null, expiresAt: { $gt: clock.now() } })) {
        throw AppError.conflict('This email already has a pending invitation');
      }
      const { token, digest } = this.tokens.issue();
      const organization = tx.getReference(Organization, principal.organizationId, { wrapped: true });
      const invitation = new Invitation({
        organization,
        email,
        role: input.role,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        tokenDigest: digest,
        expiresAt: new Date(clock.nowMs() + INVITATION_TTL_MS),
        invitedBy: tx.getReference(User, principal.userId, { wrapped: true }),
      });
      tx.persist(invitation);
      await tx.flush();
      const org = await tx.findOneOrFail(Organization, { id: principal.organizationId });
      await this.mailer.send(tx, {
        to: email,
        kind: 'invitation',
        organizationId: principal.organizationId,
        subject: `You are invited to ${org.name}`,
        text: `${principal.email} invited you to join ${org.name} as ${input.role}.\n\nSet your password here (valid for 7 days, single use):\n${this.mailer.link('/accept-invitation', token)}\n\nToken: ${token}\n`,
      });
      return invitation;
    });
  }

  /** Invitations not yet accepted (expired ones included, with their expiresAt). */
  listInvitations(em: EntityManager, args: ListArgs): Promise<Page<Invitation>> {
    return listPage(em, Invitation, args, INVITATIONS, { acceptedAt: null });
  }

  async revokeInvitation(em: EntityManager, id: string): Promise<Invitation> {
    const invitation = await em.findOne(Invitation, { id, acceptedAt: null });
    if (!invitation) throw AppError.notFound('Invitation');
    await em.remove(invitation).flush();
    return invitation;
  }

  /** Accepts an invitation: creates the member with the chosen password and starts their session. */
  async accept(
    em: EntityManager,
    input: { token: string; password: string },
    meta: { ip?: string; userAgent?: string },
  ): Promise<{ user: User; token: string }> {
    const passwordHash = await hashPassword(input.password);
    // Anonymous, by token: the invitation's organization is not known before it is read (platform access).
    return withPlatformAccess(() => this.join(em, passwordHash, input.token, meta));
  }

  private join(
    em: EntityManager,
    passwordHash: string,
    token: string,
    meta: { ip?: string; userAgent?: string },
  ): Promise<{ user: User; token: string }> {
    return em.transactional(async (tx) => {
      const claimed: { id: string }[] = await tx.execute(
        'update invitations set accepted_at = ?, updated_at = ? where token_digest = ? and accepted_at is null and expires_at > ? returning id',
        [clock.now(), clock.now(), this.tokens.digest(token), clock.now()],
        'all',
      );
      if (!claimed.length)
        throw AppError.validation([{ field: 'token', message: 'The invitation is invalid, already used or expired' }]);
      const invitation = await tx.findOneOrFail(
        Invitation,
        { id: claimed[0].id },
        { filters: false, populate: ['organization'] },
      );
      if (await tx.count(User, { email: invitation.email }, { filters: false }))
        throw AppError.conflict('A user with this email already exists');
      const user = new User({
        organization: invitation.organization.getEntity(),
        email: invitation.email,
        passwordHash,
        firstName: invitation.firstName,
        lastName: invitation.lastName,
        role: invitation.role as unknown as Role,
      });
      tx.persist(user);
      await tx.flush();
      return { user, token: await this.sessions.create(tx, user, meta) };
    });
  }

  /** Changing the role takes effect on the member's next request (sessions read the role live). */
  async updateMember(em: EntityManager, principal: Principal, id: string, input: UpdateMemberInput): Promise<User> {
    return em.transactional(async (tx) => {
      const user = await this.managedMember(tx, principal, id);
      if (input.role !== undefined) {
        if (user.role === Role.admin && input.role !== MemberRole.admin)
          await this.assertAnotherAdmin(tx, principal.organizationId, user.id);
        user.role = input.role as unknown as Role;
      }
      if (input.phone !== undefined) user.phone = input.phone || null;
      await tx.flush();
      this.sessions.forgetUser(user.id);
      return user;
    });
  }

  /**
   * Removes a member. Their sessions, API keys and open password resets are deleted with them (foreign keys,
   * so at once); records that merely name them (invitations they sent) keep existing with the reference
   * set to null. Refused for yourself and for the last admin (409), and while impersonating (403, the shield rule: graphql/rules.ts).
   */
  async remove(em: EntityManager, principal: Principal, id: string): Promise<User> {
    return em.transactional(async (tx) => {
      const user = await this.managedMember(tx, principal, id);
      if (user.id === principal.userId) throw AppError.conflict('You cannot remove yourself');
      if (user.role === Role.admin) await this.assertAnotherAdmin(tx, principal.organizationId, user.id);
      await tx.nativeDelete(User, { id: user.id });
      this.sessions.forgetUser(user.id);
      return user;
    });
  }

  /** The member, locked against concurrent role changes; super admins are managed by the platform only. */
  private async managedMember(tx: EntityManager, principal: Principal, id: string): Promise<User> {
    await tx.execute('select id from organizations where id = ? for update', [principal.organizationId], 'all');
    const user = await tx.findOne(User, { id });
    if (!user) throw AppError.notFound('User');
    if (user.role === Role.super_admin) throw AppError.forbidden('Super admin accounts are managed by the platform');
    return user;
  }

  private async assertAnotherAdmin(tx: EntityManager, organizationId: string, exceptId: string): Promise<void> {
    const others = await tx.count(User, {
      organization: organizationId,
      role: { $in: [Role.admin, Role.super_admin] },
      id: { $ne: exceptId },
    });
    if (others === 0) throw AppError.conflict('The organization must keep at least one admin');
  }
}
