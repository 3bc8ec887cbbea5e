import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from './config';
import type { Logger } from './lib/logger';
import { AuthService } from './modules/accounts/auth/auth.service';
import { SessionService } from './modules/accounts/auth/session.service';
import { UserService } from './modules/accounts/users/user.service';
import { createAccountServices } from './modules/accounts.services';
import { EventEmitter } from './events/event-emitter';
import { createCrmServices } from './modules/crm/crm.registry';
import { createInventoryServices } from './modules/rental/inventory/inventory.registry';
import { createSalesServices } from './modules/sales.registry';
import { WebhookService } from './modules/webhooks/webhook.service';
import { CredentialCipher } from './lib/credential-cipher';
import { WebhookLogService } from './modules/webhooks/webhook-log.service';

/** The stateless services, built once per process. Each method takes the EntityManager and principal it acts for. */
export function createServices(config: Config) {
  const sessions = new SessionService(config.sessionSecret);
  return {
    events: new EventEmitter(),
    sessions,
    auth: new AuthService(sessions),
    users: new UserService(),
    ...createAccountServices(config, sessions),
    webhooks: new WebhookService(config.webhooks, new CredentialCipher(config.sessionSecret)),
    webhookLog: new WebhookLogService(),
    ...createCrmServices(config.imports),
    ...createInventoryServices(),
    ...createSalesServices(),
  };
}

export type Services = ReturnType<typeof createServices>;

export interface AppDeps {
  config: Config;
  orm: MikroORM;
  logger: Logger;
  services: Services;
}
