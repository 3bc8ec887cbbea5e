import type { RootRules } from '../../../graphql/rules';
import { isAuthenticated } from '../../../graphql/rules';

export const importRules: RootRules = { Mutation: { importCustomers: isAuthenticated } };
