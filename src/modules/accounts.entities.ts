import { MailOutboxMessage } from '../mail/mail-outbox.entity';
import { ApiKey } from './accounts/api-keys/api-key.entity';
import { AuditEntry } from './accounts/audit/audit-entry.entity';
import { PasswordResetToken } from './accounts/auth/password-reset.entity';
import { Plant } from './accounts/plants/plant.entity';
import { Invitation } from './accounts/users/invitation.entity';

/** Entities of accounts and administration (migration Migration20261122050000_accounts). */
export const ACCOUNT_ENTITIES = [Invitation, PasswordResetToken, ApiKey, AuditEntry, MailOutboxMessage, Plant];
