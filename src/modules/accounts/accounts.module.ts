import { daysAgo } from '../../lib/clock';
import { defineModule } from '../module';
import { createAccountServices } from './accounts.services';
import { AdminResolver } from './admin/admin.resolver';
import { adminRoutes } from './admin/admin.routes';
import { adminRules } from './admin/admin.rules';
import { ApiKey } from './api-keys/api-key.entity';
import { ApiKeyResolver } from './api-keys/api-key.resolver';
import { apiKeyRoutes } from './api-keys/api-key.routes';
import { apiKeyRules } from './api-keys/api-key.rules';
import { AuditEntry } from './audit/audit-entry.entity';
import { AuthResolver } from './auth/auth.resolver';
import { authRoutes } from './auth/auth.routes';
import { authRules } from './auth/auth.rules';
import { PasswordResetToken } from './auth/password-reset.entity';
import { PasswordResolver } from './auth/password.resolver';
import { Session } from './auth/session.entity';
import { Organization } from './organizations/organization.entity';
import { OrganizationSettingsResolver } from './organizations/settings.resolver';
import { settingsRoutes } from './organizations/settings.routes';
import { settingsRules } from './organizations/settings.rules';
import { Plant } from './plants/plant.entity';
import { plantsRouter } from './plants/plant.router';
import { Invitation } from './users/invitation.entity';
import { TeamResolver } from './users/team.resolver';
import { teamRoutes } from './users/team.routes';
import { teamRules } from './users/team.rules';
import { User } from './users/user.entity';
import { UserResolver } from './users/user.resolver';
import { userRules } from './users/user.rules';

/** Accounts and administration (docs/accounts.md). */
export const accountsModule = defineModule({
  name: 'accounts',
  summary:
    'Sign-up, login and sessions, password reset, team and invitations, organization settings, API keys, super-admin tools with impersonation and audit, the sample /plants API',
  entities: [Organization, User, Session, Invitation, PasswordResetToken, ApiKey, AuditEntry, Plant],
  resolvers: [
    AuthResolver,
    UserResolver,
    AdminResolver,
    ApiKeyResolver,
    PasswordResolver,
    OrganizationSettingsResolver,
    TeamResolver,
  ],
  rules: [authRules, userRules, adminRules, apiKeyRules, settingsRules, teamRules],
  routes: [...authRoutes, ...teamRoutes, ...adminRoutes, ...settingsRoutes, ...apiKeyRoutes],
  needs: [],
  services: createAccountServices,
  conflicts: { users_email_unique: 'An account with this email already exists' },
  routers: [{ mount: 'raw', path: '/plants', create: plantsRouter }],
  schedules: [
    {
      name: 'session-purge',
      cron: '*/15 * * * *',
      run: ({ orm, services }) => services.sessions.purgeExpired(orm.em.fork()),
    },
    {
      name: 'audit-retention',
      cron: '23 3 * * *',
      run: ({ orm, services, config }) =>
        services.audit.prune(orm.em.fork(), daysAgo(config.retention.auditDays), config.retention.batchSize),
    },
  ],
});
