import type { AuthedContext } from '../../graphql/context';
import type { SharedDeps } from '../module';
import { AdminService } from './admin/admin.service';
import { ImpersonationService } from './admin/impersonation.service';
import { ApiKeyService } from './api-keys/api-key.service';
import { AuditService } from './audit/audit.service';
import { AuthService } from './auth/auth.service';
import { OneTimeTokens } from './auth/one-time-tokens';
import { PasswordService } from './auth/password.service';
import { SessionService } from './auth/session.service';
import { ChannelSettingsService } from './channels/channel.service';
import { NotificationService } from './notifications/notification.service';
import { OrganizationAiService } from './organizations/organization-ai.service';
import { OrganizationSettingsService } from './organizations/settings.service';
import { PlantService } from './plants/plant.service';
import { ProfileService } from './users/profile.service';
import { TeamService } from './users/team.service';
import { UserService } from './users/user.service';

/** The services of accounts and administration (docs/accounts.md). */
export function createAccountServices({ config, cipher, mailer, ai }: SharedDeps) {
  const sessions = new SessionService(config.sessionSecret);
  const tokens = new OneTimeTokens(config.sessionSecret);
  const audit = new AuditService();
  const channels = new ChannelSettingsService(cipher, config.inbound);
  return {
    sessions,
    auth: new AuthService(sessions),
    users: new UserService(),
    audit,
    admin: new AdminService(audit),
    impersonation: new ImpersonationService(sessions, audit),
    organizationSettings: new OrganizationSettingsService(cipher, channels),
    channels,
    team: new TeamService(sessions, tokens, mailer),
    profile: new ProfileService(sessions, mailer, audit),
    passwords: new PasswordService(sessions, tokens, mailer),
    apiKeys: new ApiKeyService(tokens),
    plants: new PlantService(),
    notifications: new NotificationService(mailer, Boolean(config.smtpUrl)),
    /** The per-organization AI accessor every module uses: aiAccess.aiFor(em, organizationId) (docs/ai.md). */
    aiAccess: new OrganizationAiService(ai),
  };
}

export type AccountServices = ReturnType<typeof createAccountServices>;
export type AccountContext = AuthedContext<AccountServices>;
