import type { RootRules } from '../../../graphql/rules';
import { isAuthenticated } from '../../../graphql/rules';

export const customerRules: RootRules = {
  Query: { customers: isAuthenticated, customer: isAuthenticated },
  Mutation: { createCustomer: isAuthenticated, updateCustomer: isAuthenticated, deleteCustomer: isAuthenticated },
};
