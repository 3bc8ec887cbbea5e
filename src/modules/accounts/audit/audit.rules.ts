import type { RootRules } from '../../../graphql/rules';
import { isAdmin } from '../../../graphql/rules';

/** The organization's audit log is for its admins; the platform-wide one (`auditLog`) is the super admins'. */
export const auditRules: RootRules = {
  Query: { organizationAuditLog: isAdmin },
};
