import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../lib/errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../../lib/crypto';
import { Organization } from '../organizations/organization.entity';
import { User } from '../users/user.entity';
import { ApiKey } from '../api-keys/api-key.entity';
import { Role } from '../../../lib/role';
import type { LoginInput, Me, RegisterInput } from './auth.types';
import type { Principal } from '../../../http/principal';
import type { SessionService } from './session.service';
import { withPlatformAccess } from '../../../db/access';

export interface ClientMeta {
  ip?: string;
  userAgent?: string;
  /** The session token the request came with, if any: replaced at login (no session fixation). */
  previousToken?: string;
}

const INVALID_CREDENTIALS = 'Invalid email or password';

export class AuthService {
  constructor(private readonly sessions: SessionService) {}

  /** Creates an organization and its first user, who is its admin, and logs them in. */
  register(em: EntityManager, input: RegisterInput, meta: ClientMeta): Promise<{ user: User; token: string }> {
    return withPlatformAccess(() => this.createOrganization(em, input, meta)); // no organization exists yet
  }

  /** Same 401 for an unknown email and a wrong password; the unknown email still costs one hash check. */
  login(em: EntityManager, input: LoginInput, meta: ClientMeta): Promise<{ user: User; token: string }> {
    return withPlatformAccess(() => this.startSession(em, input, meta)); // finds the user among all organizations
  }

  private async createOrganization(
    em: EntityManager,
    input: RegisterInput,
    meta: ClientMeta,
  ): Promise<{ user: User; token: string }> {
    const email = input.email.trim().toLowerCase();
    const passwordHash = await hashPassword(input.password);
    return em.transactional(async (tx) => {
      if (await tx.count(User, { email }, { filters: false })) throw emailTaken();
      const organization = new Organization(input.organizationName.trim());
      const user = new User({
        organization,
        email,
        passwordHash,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        role: Role.admin,
      });
      tx.persist([organization, user]);
      await tx.flush();
      const token = await this.sessions.create(tx, user, meta);
      return { user, token };
    });
  }

  private async startSession(
    em: EntityManager,
    input: LoginInput,
    meta: ClientMeta,
  ): Promise<{ user: User; token: string }> {
    const email = input.email.trim().toLowerCase();
    const user = await em.findOne(User, { email }, { filters: false, populate: ['passwordHash'] });
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
    if (!user || !ok) throw AppError.unauthenticated(INVALID_CREDENTIALS);
    if (meta.previousToken) await this.sessions.destroyToken(em, meta.previousToken);
    const token = await this.sessions.create(em, user, meta);
    return { user, token };
  }

  async logout(em: EntityManager, principal: Principal): Promise<void> {
    // Platform access: while impersonating, the session lives in the super admin's organization.
    const sessionId = principal.sessionId;
    if (sessionId) await withPlatformAccess(() => this.sessions.destroy(em, sessionId));
  }

  async me(em: EntityManager, principal: Principal): Promise<Me> {
    const user = await em.findOne(User, { id: principal.userId }, { populate: ['organization'] });
    if (!user) throw AppError.unauthenticated();
    return {
      user,
      organization: user.organization.getEntity(),
      isImpersonating: Boolean(principal.impersonatorId),
      impersonator: principal.impersonatorId
        ? { id: principal.impersonatorId, email: principal.impersonatorEmail ?? '' }
        : null,
      authenticatedBy: principal.apiKeyId ? 'api_key' : 'session',
      role: principal.role,
      apiKey: principal.apiKeyId ? await em.findOne(ApiKey, { id: principal.apiKeyId }) : null,
    };
  }
}

function emailTaken(): AppError {
  return AppError.conflict('An account with this email already exists');
}
