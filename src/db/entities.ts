/** Every entity of the service, listed explicitly: no glob discovery at start-up. */
import { Organization } from '../modules/accounts/organizations/organization.entity';
import { User } from '../modules/accounts/users/user.entity';
import { Session } from '../modules/accounts/auth/session.entity';
import { BaseEntity } from './base.entity';
import { TenantEntity } from './tenant.entity';
import { OutboxEvent } from '../events/outbox-event.entity';
import { WebhookSubscription } from '../events/webhook-subscription.entity';
import { WebhookDelivery } from '../events/webhook-delivery.entity';
import { WebhookAttempt } from '../events/webhook-attempt.entity';
import { CRM_ENTITIES } from '../modules/crm/crm.entities';
import { INVENTORY_ENTITIES } from '../modules/rental/inventory/inventory.registry';
import { ACCOUNT_ENTITIES } from '../modules/accounts.entities';
import { SALES_ENTITIES } from '../modules/sales.registry';

export const entities = [BaseEntity, TenantEntity, Organization, User, Session, OutboxEvent, WebhookSubscription, WebhookDelivery, WebhookAttempt, ...CRM_ENTITIES, ...ACCOUNT_ENTITIES, ...INVENTORY_ENTITIES, ...SALES_ENTITIES];
