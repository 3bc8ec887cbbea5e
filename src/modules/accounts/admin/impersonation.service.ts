import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../lib/errors';
import type { AuditService } from '../audit/audit.service';
import type { Principal } from '../../../http/principal';
import type { SessionService } from '../auth/session.service';
import { User } from '../users/user.entity';
import { Role } from '../../../lib/role';
import type { ImpersonateInput, ImpersonationPayload } from './impersonation.types';
import { withPlatformAccess } from '../../../db/access';

/**
 * Support access of super admins (spec, Session states). Impersonation is stored on the session row, so
 * it holds across requests and instances; src/modules/accounts/auth/authenticate.ts turns it into the impersonated principal.
 */
export class ImpersonationService {
  constructor(
    private readonly sessions: SessionService,
    private readonly audit: AuditService,
  ) {}

  /** Cross-tenant on purpose (platform access): the super admin names a user of any organization. */
  start(
    em: EntityManager,
    principal: Principal,
    input: ImpersonateInput,
    requestId?: string,
  ): Promise<ImpersonationPayload> {
    return withPlatformAccess(() => this.impersonate(em, principal, input, requestId));
  }

  private async impersonate(
    em: EntityManager,
    principal: Principal,
    input: ImpersonateInput,
    requestId?: string,
  ): Promise<ImpersonationPayload> {
    if (!principal.sessionId) throw AppError.forbidden('Impersonation needs a login session');
    // Cross-tenant on purpose: the super admin names a user of any organization.
    const user = await em.findOne(
      User,
      { id: input.userId, organization: input.organizationId },
      { filters: false, populate: ['organization'] },
    );
    if (!user) throw AppError.notFound('User');
    if (user.role === Role.super_admin) throw AppError.forbidden('Super admins cannot be impersonated');
    await this.sessions.setImpersonation(em, principal.sessionId, user.id);
    await this.audit.record(em, {
      actorUserId: principal.userId,
      actorEmail: principal.email,
      impersonatedUserId: user.id,
      impersonatedEmail: user.email,
      targetOrganizationId: user.organization.id,
      action: 'impersonation.start',
      status: 200,
      requestId,
    });
    return {
      message: `Now acting as ${user.email}`,
      isImpersonating: true,
      user,
      organization: user.organization.getEntity(),
    };
  }

  /** Back to the super admin's own scope. Without impersonation it is a no-op for a super admin, 403 for anyone else. */
  end(em: EntityManager, principal: Principal): Promise<ImpersonationPayload> {
    // The session is the super admin's, in their own organization, not the impersonated one (platform access).
    return withPlatformAccess(() => this.stopImpersonating(em, principal));
  }

  private async stopImpersonating(em: EntityManager, principal: Principal): Promise<ImpersonationPayload> {
    const ownId = principal.impersonatorId ?? principal.userId;
    if (!principal.impersonatorId && principal.role !== Role.super_admin)
      throw AppError.forbidden('This requires the super_admin role');
    if (principal.impersonatorId && principal.sessionId)
      await this.sessions.setImpersonation(em, principal.sessionId, null);
    const user = await em.findOneOrFail(User, { id: ownId }, { filters: false, populate: ['organization'] });
    return {
      message: principal.impersonatorId ? 'Impersonation ended' : 'Not impersonating',
      isImpersonating: false,
      user,
      organization: user.organization.getEntity(),
    };
  }
}
