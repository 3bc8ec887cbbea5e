import type { RouteRow } from '../../../http/route-row';

export const auditRoutes: RouteRow[] = [
  {
    method: 'GET',
    path: '/api/audit',
    operation: 'organizationAuditLog',
    tag: 'Administration',
    summary:
      "The organization's audit log: requests made by a super admin impersonating its users, newest first (paginated; userId, impersonatorId, operation, kind=read|write, startDate/endDate, search)",
  },
];
