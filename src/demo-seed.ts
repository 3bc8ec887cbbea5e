import type { MikroORM } from '@mikro-orm/postgresql';
import { hashPassword } from './lib/crypto';
import { Organization } from './modules/accounts/organizations/organization.entity';
import { User } from './modules/accounts/users/user.entity';
import { Role } from './lib/role';

/** The demo organization; the README prints the same credentials. */
export const DEMO = {
  organization: 'Demo Equipment Rentals',
  admin: { email: 'admin@demo.example', password: 'demo-admin-pass', firstName: 'Dana', lastName: 'Admin' },
  user: { email: 'user@demo.example', password: 'demo-user-pass', firstName: 'Uri', lastName: 'User' },
};

/** Creates the demo organization, replacing an earlier one (its data goes with it). */
export async function seedDemo(orm: MikroORM): Promise<void> {
  const em = orm.em.fork();
  await em.transactional(async (tx) => {
    const old = await tx.findOne(User, { email: DEMO.admin.email }, { filters: false });
    if (old) await tx.nativeDelete(Organization, { id: old.organization.id }, { filters: false });
    await tx.nativeDelete(User, { email: { $in: [DEMO.admin.email, DEMO.user.email] } }, { filters: false });
    const organization = new Organization(DEMO.organization);
    const users = await Promise.all(
      [{ ...DEMO.admin, role: Role.admin }, { ...DEMO.user, role: Role.user }].map(async (u) =>
        new User({ organization, email: u.email, passwordHash: await hashPassword(u.password), firstName: u.firstName, lastName: u.lastName, role: u.role }),
      ),
    );
    tx.persist([organization, ...users]);
  });
}

/** Seeds only a database that has no organization yet (first start). */
export async function seedIfEmpty(orm: MikroORM): Promise<boolean> {
  const count = await orm.em.fork().count(Organization, {}, { filters: false });
  if (count > 0) return false;
  await seedDemo(orm);
  return true;
}
