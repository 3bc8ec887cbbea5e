import type { RootRules } from '../../../graphql/rules';
import { isAuthenticated, isSuperAdmin } from '../../../graphql/rules';

/**
 * endImpersonation is reachable with a session only: while impersonating, the principal carries the
 * impersonated user's role; the service refuses anyone who is not (really) a super admin.
 */
export const adminRules: RootRules = {
  Query: { adminOrganizations: isSuperAdmin, auditLog: isSuperAdmin },
  Mutation: { impersonate: isSuperAdmin, endImpersonation: isAuthenticated, deleteOrganization: isSuperAdmin },
};
