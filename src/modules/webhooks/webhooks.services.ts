import type { AuthedContext } from '../../graphql/context';
import type { SharedDeps } from '../module';
import { WebhookLogService } from './webhook-log.service';
import { WebhookService } from './webhook.service';

/** Outbound webhook subscriptions and their delivery log (docs/events.md). */
export function createWebhookServices({ config, cipher, resolveHost, events }: SharedDeps) {
  return {
    webhooks: new WebhookService(config.webhooks, cipher, events.kinds, resolveHost),
    webhookLog: new WebhookLogService(),
  };
}

export type WebhookServices = ReturnType<typeof createWebhookServices>;
export type WebhookContext = AuthedContext<WebhookServices>;
