import type { RootRules } from '../../../graphql/rules';
import { isAuthenticated } from '../../../graphql/rules';

export const userRules: RootRules = {
  Query: { users: isAuthenticated, user: isAuthenticated },
};
