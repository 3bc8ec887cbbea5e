import { WebhookWorker } from '../../events/webhook-worker';
import { defineModule } from '../module';
import { WebhookLogResolver } from './webhook-log.resolver';
import { WebhookResolver } from './webhook.resolver';
import { webhookRoutes } from './webhook.routes';
import { createWebhookServices } from './webhooks.services';

/** Outbound webhooks (docs/events.md): subscriptions, the delivery log, redelivery; the delivery worker. */
export const webhooksModule = defineModule({
  name: 'webhooks',
  summary:
    'Signed outbound webhooks: subscriptions with secret rotation, the event and delivery log, redelivery and ping',
  entities: [],
  resolvers: [WebhookResolver, WebhookLogResolver],
  routes: webhookRoutes,
  idSegments: { webhooks: 'webhook_subscriptions', events: 'outbox_events' },
  needs: [],
  services: createWebhookServices,
  jobs: [
    {
      // Outbound deliveries, in this process unless WEBHOOK_WORKER=false (then run `npm run worker`).
      name: 'webhook-worker',
      enabled: (config) => config.webhooks.worker,
      start: ({ orm, config, logger, shared }) => {
        const worker = new WebhookWorker(orm, config.webhooks, logger, shared.cipher, shared.resolveHost);
        worker.start();
        return worker;
      },
    },
  ],
});
