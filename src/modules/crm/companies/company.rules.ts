import type { RootRules } from '../../../graphql/rules';
import { isAuthenticated } from '../../../graphql/rules';

export const companyRules: RootRules = {
  Query: { companies: isAuthenticated, company: isAuthenticated },
  Mutation: {
    createCompany: isAuthenticated,
    updateCompany: isAuthenticated,
    deleteCompany: isAuthenticated,
    enrichCompany: isAuthenticated,
  },
};
