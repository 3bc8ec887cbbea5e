import type { RootRules } from '../../../../graphql/rules';
import { isAuthenticated } from '../../../../graphql/rules';

/** Any member takes and returns deposits, as payments. */
export const depositRules: RootRules = {
  Query: { transactionDeposits: isAuthenticated },
  Mutation: { recordDeposit: isAuthenticated },
};
