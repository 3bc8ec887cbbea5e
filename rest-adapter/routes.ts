import type { RouteRow } from './route.types';

const USER = '{ id email organizationId role firstName lastName }';

/**
 * The REST compatibility layer, as a table. Adding a row documents the route in /api/openapi.json and
 * puts it under the cross-tenant sweep (test/tenancy-sweep.test.ts) at once.
 */
export const routes: RouteRow[] = [
  // Authentication (spec: Endpoints)
  { method: 'POST', path: '/api/auth/register', operation: 'register', body: 'input', status: 201, tag: 'Authentication', summary: 'Create an organization and its first user (admin); logs in', selection: `{ message user ${USER} }`, example: { email: 'owner@example.com', password: 'correct horse', organizationName: 'Acme Rentals', firstName: 'Ada', lastName: 'Owner' } },
  { method: 'POST', path: '/api/auth/login', operation: 'login', body: 'input', tag: 'Authentication', summary: 'Log in; sets the sessionId cookie', selection: `{ message user ${USER} }`, example: { email: 'admin@demo.example', password: 'demo-admin-pass' } },
  { method: 'GET', path: '/api/auth/me', operation: 'me', tag: 'Authentication', summary: 'The current user, organization and impersonation state' },
  { method: 'POST', path: '/api/auth/logout', operation: 'logout', tag: 'Authentication', summary: 'End the session and clear the cookie' },

  // Team
  { method: 'GET', path: '/api/organization/users', operation: 'users', tag: 'Team', summary: 'Members of your organization (paginated)' },
  { method: 'GET', path: '/api/organization/users/:userId', operation: 'user', params: { userId: 'id' }, tag: 'Team', summary: 'One member of your organization' },

  // Platform administration (super_admin)
  { method: 'GET', path: '/api/admin/organizations', operation: 'adminOrganizations', tag: 'Administration', summary: 'Every organization with its member count (paginated)' },
];
