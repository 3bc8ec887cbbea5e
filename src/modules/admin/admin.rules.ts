import type { RootRules } from '../../graphql/rules';
import { isSuperAdmin } from '../../graphql/rules';

export const adminRules: RootRules = {
  Query: { adminOrganizations: isSuperAdmin },
};
