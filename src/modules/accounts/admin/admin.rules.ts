import type { RootRules } from '../../../graphql/rules';
import { isAuthenticated, isSuperAdmin } from '../../../graphql/rules';

/**
 * While impersonating, the principal's role is the impersonated user's, never super_admin (super admins cannot
 * be impersonated): the platform tools (impersonate, deleteOrganization, the audit log) are refused by their
 * role until end-impersonation (docs/accounts.md, "While impersonating").
 * endImpersonation is reachable with a session only: while impersonating, the principal carries the
 * impersonated user's role; the service refuses anyone who is not (really) a super admin.
 */
export const adminRules: RootRules = {
  Query: { adminOrganizations: isSuperAdmin, auditLog: isSuperAdmin },
  Mutation: { impersonate: isSuperAdmin, endImpersonation: isAuthenticated, deleteOrganization: isSuperAdmin },
};
