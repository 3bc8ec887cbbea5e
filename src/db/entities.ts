/** Every entity of the service, listed explicitly: no glob discovery at start-up. */
import { Organization } from '../modules/organizations/organization.entity';
import { User } from '../modules/users/user.entity';
import { Session } from '../modules/auth/session.entity';
import { BaseEntity } from './base.entity';
import { TenantEntity } from './tenant.entity';
import { OutboxEvent } from '../events/outbox-event.entity';

export const entities = [BaseEntity, TenantEntity, Organization, User, Session, OutboxEvent];
