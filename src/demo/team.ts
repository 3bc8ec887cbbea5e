import { hashPassword } from '../lib/crypto';
import { Role } from '../lib/role';
import { User } from '../modules/accounts/users/user.entity';
import { at, dayOf, DemoContext, place } from './demo-context';
import { present } from '../lib/present';

/** The demo logins (README, "Demo business"). The first two are the original demo accounts. */
export const DEMO = {
  organization: 'Demo Equipment Rentals',
  /** Its days (today, overdue, late charges) are Austin's. */
  timezone: 'America/Chicago',
  admin: { email: 'admin@demo.example', password: 'demo-admin-pass', firstName: 'Dana', lastName: 'Admin' },
  user: { email: 'user@demo.example', password: 'demo-user-pass', firstName: 'Uri', lastName: 'User' },
  /** The rest of the team share one password. */
  teamPassword: 'demo-team-pass',
};

interface Member {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  /** Job, for the README: the API has two roles, user and admin. */
  job: string;
  sales: boolean;
  password?: string;
}

export const TEAM: Member[] = [
  { ...DEMO.admin, role: Role.admin, job: 'owner, general manager', sales: false },
  { ...DEMO.user, role: Role.user, job: 'rental desk', sales: false },
  {
    email: 'maria@demo.example',
    firstName: 'Maria',
    lastName: 'Santos',
    role: Role.user,
    job: 'sales rep, construction accounts',
    sales: true,
  },
  {
    email: 'ken@demo.example',
    firstName: 'Ken',
    lastName: 'Okafor',
    role: Role.user,
    job: 'sales rep, events and facilities',
    sales: true,
  },
  {
    email: 'priya@demo.example',
    firstName: 'Priya',
    lastName: 'Shah',
    role: Role.admin,
    job: 'office and billing manager',
    sales: false,
  },
];

/** Accounts: the organization's settings and a team of five with their roles. */
export async function seedTeam(ctx: DemoContext): Promise<void> {
  Object.assign(ctx.org, {
    phone: '+15125550100',
    email: 'hello@demo-rentals.example',
    website: 'https://demo-rentals.example',
    address1: '1200 Industrial Blvd',
    city: 'Austin',
    state: 'TX',
    zipCode: '78744',
    businessHoursStart: '07:00',
    businessHoursEnd: '17:30',
    timezone: DEMO.timezone,
  });
  const passwords = [...new Set(TEAM.map((m) => m.password ?? DEMO.teamPassword))];
  const hashes = new Map(await Promise.all(passwords.map(async (p) => [p, await hashPassword(p)] as const)));
  TEAM.forEach((m, n) => {
    const user = new User({
      organization: ctx.org,
      email: m.email,
      passwordHash: present(hashes.get(m.password ?? DEMO.teamPassword), 'password hash'),
      firstName: m.firstName,
      lastName: m.lastName,
      role: m.role,
    });
    place(ctx, user, 'user', n, at(ctx, dayOf(ctx, -400 + n * 20)));
    ctx.data.team.push(user);
    if (m.sales) ctx.data.sales.push(user);
  });
}
