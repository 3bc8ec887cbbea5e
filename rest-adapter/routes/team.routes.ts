import type { RouteRow } from '../route.types';

export const teamRoutes: RouteRow[] = [
  { method: 'GET', path: '/api/organization/users', operation: 'users', tag: 'Team', summary: 'Members of your organization (paginated)' },
  { method: 'GET', path: '/api/organization/users/:userId', operation: 'user', params: { userId: 'id' }, tag: 'Team', summary: 'One member of your organization' },
];
