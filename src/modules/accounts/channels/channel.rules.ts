import type { RootRules } from '../../../graphql/rules';
import { isAdmin, isAuthenticated, refusedWhileImpersonating } from '../../../graphql/rules';

export const channelRules: RootRules = {
  Query: { channelSettings: isAuthenticated },
  Mutation: {
    addPhoneNumber: isAdmin,
    removePhoneNumber: isAdmin,
    setWebhookSecret: refusedWhileImpersonating(isAdmin, 'secrets'),
    clearWebhookSecret: refusedWhileImpersonating(isAdmin, 'secrets'),
  },
};
