import type { MikroORM } from '@mikro-orm/postgresql';
import { hashPassword } from '../../../lib/crypto';
import { Organization } from '../organizations/organization.entity';
import { User } from '../users/user.entity';
import { Role } from '../../../lib/role';

export interface SuperAdminInput {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  /** The organization the account belongs to (a user always has one); created when missing. */
  organizationName?: string;
}

export const PLATFORM_ORGANIZATION = 'Platform Administration';

/**
 * Creates a super admin, or makes an existing account one and sets its password. Idempotent: run it again
 * to reset the password. The only way to grant super_admin (admins can give user or admin only).
 */
export async function ensureSuperAdmin(
  orm: MikroORM,
  input: SuperAdminInput,
): Promise<{ user: User; created: boolean }> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new Error('a valid email is required');
  if (input.password.length < 8) throw new Error('the password must be at least 8 characters');
  const passwordHash = await hashPassword(input.password);
  return orm.em.fork().transactional(async (tx) => {
    const existing = await tx.findOne(User, { email }, { filters: false });
    if (existing) {
      existing.role = Role.super_admin;
      existing.passwordHash = passwordHash;
      return { user: existing, created: false };
    }
    const name = input.organizationName ?? PLATFORM_ORGANIZATION;
    const organization = (await tx.findOne(Organization, { name }, { filters: false })) ?? new Organization(name);
    const user = new User({
      organization,
      email,
      passwordHash,
      firstName: input.firstName ?? 'Super',
      lastName: input.lastName ?? 'Admin',
      role: Role.super_admin,
    });
    tx.persist([organization, user]);
    return { user, created: true };
  });
}

/** SUPER_ADMIN_EMAIL + SUPER_ADMIN_PASSWORD (+ optional SUPER_ADMIN_FIRST_NAME, _LAST_NAME, _ORGANIZATION). */
export function superAdminFromEnv(env: Record<string, string | undefined>): SuperAdminInput | undefined {
  if (!env.SUPER_ADMIN_EMAIL || !env.SUPER_ADMIN_PASSWORD) return undefined;
  return {
    email: env.SUPER_ADMIN_EMAIL,
    password: env.SUPER_ADMIN_PASSWORD,
    firstName: env.SUPER_ADMIN_FIRST_NAME,
    lastName: env.SUPER_ADMIN_LAST_NAME,
    organizationName: env.SUPER_ADMIN_ORGANIZATION,
  };
}
