import { daysAgo } from '../../lib/clock';
import { defineModule } from '../module';
import { createAccountServices } from './accounts.services';
import { AdminResolver } from './admin/admin.resolver';
import { adminRoutes } from './admin/admin.routes';
import { ApiKey } from './api-keys/api-key.entity';
import { ApiKeyResolver } from './api-keys/api-key.resolver';
import { apiKeyRoutes } from './api-keys/api-key.routes';
import { AuditEntry } from './audit/audit-entry.entity';
import { OrganizationAuditResolver } from './audit/audit.resolver';
import { auditRoutes } from './audit/audit.routes';
import { ChannelSettingsResolver } from './channels/channel.resolver';
import { channelRoutes } from './channels/channel.routes';
import { OrganizationPhoneNumber } from './channels/phone-number.entity';
import { AuthResolver } from './auth/auth.resolver';
import { authRoutes } from './auth/auth.routes';
import { PasswordResetToken } from './auth/password-reset.entity';
import { PasswordResolver } from './auth/password.resolver';
import { Session } from './auth/session.entity';
import { Notification } from './notifications/notification.entity';
import { NotificationResolver } from './notifications/notification.resolver';
import { notificationRoutes } from './notifications/notification.routes';
import { Organization } from './organizations/organization.entity';
import { OrganizationSettingsResolver } from './organizations/settings.resolver';
import { settingsRoutes } from './organizations/settings.routes';
import { Plant } from './plants/plant.entity';
import { plantsRouter } from './plants/plant.router';
import { Invitation } from './users/invitation.entity';
import { TeamResolver } from './users/team.resolver';
import { teamRoutes } from './users/team.routes';
import { User } from './users/user.entity';
import { UserResolver } from './users/user.resolver';

/** Accounts and administration (docs/accounts.md). */
export const accountsModule = defineModule({
  name: 'accounts',
  summary:
    'Sign-up, login and sessions, password reset, team and invitations, in-app notifications, organization settings and inbound channels (inbound email address, phone numbers, webhook secrets), API keys, super-admin tools with impersonation and audit, the sample /plants API',
  entities: [
    Organization,
    User,
    Session,
    Invitation,
    PasswordResetToken,
    ApiKey,
    AuditEntry,
    Plant,
    OrganizationPhoneNumber,
    Notification,
  ],
  migrations: () => import('./migrations'),
  resolvers: [
    AuthResolver,
    UserResolver,
    AdminResolver,
    OrganizationAuditResolver,
    ApiKeyResolver,
    PasswordResolver,
    OrganizationSettingsResolver,
    ChannelSettingsResolver,
    TeamResolver,
    NotificationResolver,
  ],
  routes: [
    ...authRoutes,
    ...teamRoutes,
    ...adminRoutes,
    ...auditRoutes,
    ...settingsRoutes,
    ...channelRoutes,
    ...apiKeyRoutes,
    ...notificationRoutes,
  ],
  idSegments: {
    'api-keys': 'api_keys',
    users: 'users',
    invitations: 'invitations',
    organizations: 'organizations',
    notifications: 'notifications',
  },
  needs: [],
  services: createAccountServices,
  conflicts: {
    users_email_unique: 'An account with this email already exists',
    organization_phone_numbers_number_unique: 'This phone number is already registered to an organization',
  },
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
