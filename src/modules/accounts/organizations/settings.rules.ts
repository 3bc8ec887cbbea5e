import type { RootRules } from '../../../graphql/rules';
import { isAdmin, isAuthenticated, refusedWhileImpersonating } from '../../../graphql/rules';

export const settingsRules: RootRules = {
  Query: { organizationSettings: isAuthenticated },
  Mutation: {
    // The settings themselves may be fixed; the integration credentials in them may not.
    updateOrganizationSettings: refusedWhileImpersonating(
      isAdmin,
      'secrets',
      (args) => (args.input as { integrations?: unknown } | undefined)?.integrations !== undefined,
    ),
  },
};
