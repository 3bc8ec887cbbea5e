import { MailOutboxMessage } from '../mail/mail-outbox.entity';
import { ApiKey } from './api-keys/api-key.entity';
import { AuditEntry } from './audit/audit-entry.entity';
import { PasswordResetToken } from './auth/password-reset.entity';
import { Plant } from './plants/plant.entity';
import { Invitation } from './users/invitation.entity';

/** Entities of accounts and administration (migration Migration20261122050000_accounts). */
export const ACCOUNT_ENTITIES = [Invitation, PasswordResetToken, ApiKey, AuditEntry, MailOutboxMessage, Plant];
