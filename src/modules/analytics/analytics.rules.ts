import type { RootRules } from '../../graphql/rules';
import { isAuthenticated } from '../../graphql/rules';
import { analyticsRows } from './analytics.routes';

/** Reports read the CRM data of the caller's organization: every member, like the data itself (docs/analytics.md). */
export const analyticsRules: RootRules = {
  Query: Object.fromEntries(analyticsRows.map((r) => [r.operation, isAuthenticated])),
};
