import type { RootRules } from '../../graphql/rules';
import { isAuthenticated } from '../../graphql/rules';

/**
 * Every member may search: each kind it finds is listed to every member by its own list field (contacts,
 * companies, leads, opportunities, inventoryItems, transactions: isAuthenticated). test/search.test.ts holds
 * those rules to this; a kind whose list becomes narrower must be filtered here too.
 */
export const searchRules: RootRules = { Query: { search: isAuthenticated } };
