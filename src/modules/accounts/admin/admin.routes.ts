import type { RouteRow } from '../../../http/route-row';

export const adminRoutes: RouteRow[] = [
  {
    method: 'GET',
    path: '/api/admin/organizations',
    operation: 'adminOrganizations',
    tag: 'Administration',
    summary: 'Every organization with its member count (paginated)',
  },
  {
    method: 'DELETE',
    path: '/api/admin/organizations/:organizationId',
    operation: 'deleteOrganization',
    params: { organizationId: 'id' },
    tag: 'Administration',
    summary: 'Delete an organization and all of its data (not while impersonating)',
  },
  {
    method: 'POST',
    path: '/api/admin/impersonate',
    operation: 'impersonate',
    body: 'input',
    tag: 'Administration',
    summary: "Act as a user: the session is scoped to the user's organization, every request is audited",
    example: { userId: '00000000-0000-4000-8000-000000000001', organizationId: '00000000-0000-4000-8000-000000000002' },
  },
  {
    method: 'POST',
    path: '/api/admin/end-impersonation',
    operation: 'endImpersonation',
    tag: 'Administration',
    summary: "End impersonation: back to the super admin's own scope",
  },
  {
    method: 'GET',
    path: '/api/admin/audit-log',
    operation: 'auditLog',
    tag: 'Administration',
    summary: 'Audit trail of impersonation and platform actions, newest first (paginated)',
  },
];
