import type { RootRules } from '../../../graphql/rules';
import { isAuthenticated } from '../../../graphql/rules';

export const directoryRules: RootRules = {
  Query: { directoryPlaces: isAuthenticated },
  Mutation: { createCompanyFromPlace: isAuthenticated },
};
