import type { RootRules } from '../../../graphql/rules';
import { isAuthenticated } from '../../../graphql/rules';

export const contactRules: RootRules = {
  Query: { contacts: isAuthenticated, contact: isAuthenticated },
  Mutation: {
    createContact: isAuthenticated,
    updateContact: isAuthenticated,
    deleteContact: isAuthenticated,
    mergeContacts: isAuthenticated,
    // The same members may change each of these contacts one by one (docs/crm.md, "Bulk update").
    bulkUpdateContacts: isAuthenticated,
  },
};
