import type { RootRules } from '../../../graphql/rules';
import { isAdmin, isAuthenticated } from '../../../graphql/rules';

/** Any member reads the branding and the documents; the branding is an organization setting (admin). */
export const documentRules: RootRules = {
  Query: {
    branding: isAuthenticated,
    brandingLogo: isAuthenticated,
    invoicePdf: isAuthenticated,
    transactionAgreementPdf: isAuthenticated,
  },
  Mutation: { updateBranding: isAdmin },
};
