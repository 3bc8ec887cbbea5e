import type { RootRules } from '../../../graphql/rules';
import { isAuthenticated } from '../../../graphql/rules';

export const leadRules: RootRules = {
  Query: { leads: isAuthenticated, lead: isAuthenticated },
  Mutation: {
    createLead: isAuthenticated,
    updateLead: isAuthenticated,
    deleteLead: isAuthenticated,
    convertLead: isAuthenticated,
  },
};
