import type { RootRules } from '../../graphql/rules';
import { isAdmin, refusedWhileImpersonating } from '../../graphql/rules';

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
    // A subscription's URL and secret decide where the organization's events go and who can sign them.
    createWebhookSubscription: refusedWhileImpersonating(isAdmin, 'secrets'),
    updateWebhookSubscription: refusedWhileImpersonating(isAdmin, 'secrets'),
    deleteWebhookSubscription: isAdmin,
    rotateWebhookSecret: refusedWhileImpersonating(isAdmin, 'secrets'),
    redeliverWebhookEvent: isAdmin,
    pingWebhookSubscription: isAdmin,
  },
};
