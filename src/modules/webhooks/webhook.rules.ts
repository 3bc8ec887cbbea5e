import type { RootRules } from '../../graphql/rules';
import { isAdmin } from '../../graphql/rules';

export const webhookRules: RootRules = {
  Query: {
    webhookSubscriptions: isAdmin,
    webhookSubscription: isAdmin,
    webhookEvents: isAdmin,
    webhookEvent: isAdmin,
    webhookDeliveries: isAdmin,
    webhookAttempts: isAdmin,
  },
  Mutation: {
    createWebhookSubscription: isAdmin,
    updateWebhookSubscription: isAdmin,
    deleteWebhookSubscription: isAdmin,
    rotateWebhookSecret: isAdmin,
    redeliverWebhookEvent: isAdmin,
    pingWebhookSubscription: isAdmin,
  },
};
