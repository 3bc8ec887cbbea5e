import type { RootRules } from '../../../graphql/rules';
import { isAuthenticated } from '../../../graphql/rules';

/** Any member writes, sends, converts and declines quotes; the customer's acceptance is a public page (no root field). */
export const rentalQuoteRules: RootRules = {
  Query: { rentalQuotes: isAuthenticated, rentalQuote: isAuthenticated, rentalQuoteVersions: isAuthenticated },
  Mutation: {
    createRentalQuote: isAuthenticated,
    reviseRentalQuote: isAuthenticated,
    sendRentalQuote: isAuthenticated,
    convertRentalQuote: isAuthenticated,
    declineRentalQuote: isAuthenticated,
  },
};
