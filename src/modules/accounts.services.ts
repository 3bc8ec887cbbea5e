import type { Config } from '../config';
import { createMailer } from '../mail/mailer';
import { AdminService } from './accounts/admin/admin.service';
import { ImpersonationService } from './accounts/admin/impersonation.service';
import { ApiKeyService } from './accounts/api-keys/api-key.service';
import { AuditService } from './accounts/audit/audit.service';
import { OneTimeTokens } from './accounts/auth/one-time-tokens';
import { PasswordService } from './accounts/auth/password.service';
import type { SessionService } from './accounts/auth/session.service';
import { CredentialCipher } from '../lib/credential-cipher';
import { OrganizationSettingsService } from './accounts/organizations/settings.service';
import { PlantService } from './accounts/plants/plant.service';
import { TeamService } from './accounts/users/team.service';

/** The services of accounts and administration (docs/accounts.md), wired once per process. */
export function createAccountServices(config: Config, sessions: SessionService) {
  const tokens = new OneTimeTokens(config.sessionSecret);
  const mailer = createMailer(config);
  const audit = new AuditService();
  return {
    mailer,
    audit,
    admin: new AdminService(audit),
    impersonation: new ImpersonationService(sessions, audit),
    organizationSettings: new OrganizationSettingsService(new CredentialCipher(config.sessionSecret)),
    team: new TeamService(sessions, tokens, mailer),
    passwords: new PasswordService(sessions, tokens, mailer),
    apiKeys: new ApiKeyService(tokens),
    plants: new PlantService(),
  };
}
