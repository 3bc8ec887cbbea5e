import type { RootRules } from '../../../graphql/rules';
import { isAdmin, isAuthenticated } from '../../../graphql/rules';

export const settingsRules: RootRules = {
  Query: { organizationSettings: isAuthenticated },
  Mutation: { updateOrganizationSettings: isAdmin },
};
