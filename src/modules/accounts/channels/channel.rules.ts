import type { RootRules } from '../../../graphql/rules';
import { isAdmin, isAuthenticated } from '../../../graphql/rules';

export const channelRules: RootRules = {
  Query: { channelSettings: isAuthenticated },
  Mutation: {
    addPhoneNumber: isAdmin,
    removePhoneNumber: isAdmin,
    setWebhookSecret: isAdmin,
    clearWebhookSecret: isAdmin,
  },
};
