import type { RootRules } from '../../../graphql/rules';
import { isAdmin, refusedWhileImpersonating } from '../../../graphql/rules';

export const apiKeyRules: RootRules = {
  Query: { apiKeys: isAdmin },
  Mutation: {
    createApiKey: refusedWhileImpersonating(isAdmin, 'access'),
    revokeApiKey: refusedWhileImpersonating(isAdmin, 'access'),
  },
};
