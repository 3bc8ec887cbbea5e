import type { RouteRow } from '../route.types';

export const adminRoutes: RouteRow[] = [
  { method: 'GET', path: '/api/admin/organizations', operation: 'adminOrganizations', tag: 'Administration', summary: 'Every organization with its member count (paginated)' },
];
