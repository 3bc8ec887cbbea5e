import type { RootRules } from '../../../graphql/rules';
import { isAdmin } from '../../../graphql/rules';

/** The books are the owner's and the billing office's: exports are for admins. */
export const accountingRules: RootRules = {
  Query: { accountingExports: isAdmin, accountingExport: isAdmin },
  Mutation: { createAccountingExport: isAdmin },
};
