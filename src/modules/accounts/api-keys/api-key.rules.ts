import type { RootRules } from '../../../graphql/rules';
import { isAdmin } from '../../../graphql/rules';

export const apiKeyRules: RootRules = {
  Query: { apiKeys: isAdmin },
  Mutation: { createApiKey: isAdmin, revokeApiKey: isAdmin },
};
