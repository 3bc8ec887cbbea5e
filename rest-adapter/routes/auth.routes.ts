import type { RouteRow } from '../route.types';

export const USER_SELECTION = '{ id email organizationId role firstName lastName }';

export const authRoutes: RouteRow[] = [
  { method: 'POST', path: '/api/auth/register', operation: 'register', body: 'input', status: 201, tag: 'Authentication', summary: 'Create an organization and its first user (admin); logs in', selection: `{ message user ${USER_SELECTION} }`, example: { email: 'owner@example.com', password: 'correct horse', organizationName: 'Acme Rentals', firstName: 'Ada', lastName: 'Owner' } },
  { method: 'POST', path: '/api/auth/login', operation: 'login', body: 'input', tag: 'Authentication', summary: 'Log in; sets the sessionId cookie', selection: `{ message user ${USER_SELECTION} }`, example: { email: 'admin@demo.example', password: 'demo-admin-pass' } },
  { method: 'GET', path: '/api/auth/me', operation: 'me', tag: 'Authentication', summary: 'The current user, organization and impersonation state' },
  { method: 'POST', path: '/api/auth/logout', operation: 'logout', tag: 'Authentication', summary: 'End the session and clear the cookie' },
];
