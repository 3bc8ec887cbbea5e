import type { RootRules } from '../../../graphql/rules';
import { isAuthenticated } from '../../../graphql/rules';

export const contactRules: RootRules = {
  Query: { contacts: isAuthenticated, contact: isAuthenticated },
  Mutation: {
    createContact: isAuthenticated,
    updateContact: isAuthenticated,
    deleteContact: isAuthenticated,
    mergeContacts: isAuthenticated,
  },
};
