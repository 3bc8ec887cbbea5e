import type { RouteRow } from '../../../../rest-adapter/route.types';

export const USER_SELECTION = '{ id email organizationId role firstName lastName }';
const LOGIN_BODY = `{ message user ${USER_SELECTION} }`;

export const authRoutes: RouteRow[] = [
  { method: 'POST', path: '/api/auth/register', operation: 'register', body: 'input', status: 201, tag: 'Authentication', summary: 'Create an organization and its first user (admin); logs in', selection: LOGIN_BODY, example: { email: 'owner@example.com', password: 'correct horse', organizationName: 'Acme Rentals', firstName: 'Ada', lastName: 'Owner' } },
  { method: 'POST', path: '/api/auth/login', operation: 'login', body: 'input', tag: 'Authentication', summary: 'Log in; sets the sessionId cookie', selection: LOGIN_BODY, example: { email: 'admin@demo.example', password: 'demo-admin-pass' } },
  { method: 'GET', path: '/api/auth/me', operation: 'me', tag: 'Authentication', summary: 'The current user, organization and impersonation state' },
  { method: 'POST', path: '/api/auth/logout', operation: 'logout', tag: 'Authentication', summary: 'End the session and clear the cookie' },
  { method: 'POST', path: '/api/auth/accept-invitation', operation: 'acceptInvitation', body: 'input', status: 201, tag: 'Authentication', summary: 'Accept an invitation: set the password, become a member, log in', selection: LOGIN_BODY, example: { token: 'token-from-the-invitation-mail', password: 'a new password' } },
  { method: 'POST', path: '/api/auth/forgot-password', operation: 'requestPasswordReset', body: 'input', status: 202, tag: 'Authentication', summary: 'Mail a password-reset link (always 202; reveals nothing)', example: { email: 'someone@example.com' } },
  { method: 'POST', path: '/api/auth/reset-password', operation: 'resetPassword', body: 'input', tag: 'Authentication', summary: 'Set a new password with the mailed token; ends every session of the user', example: { token: 'token-from-the-reset-mail', password: 'a new password' } },
  { method: 'POST', path: '/api/auth/change-password', operation: 'changePassword', body: 'input', tag: 'Authentication', summary: 'Change your password (needs the current one); ends your other sessions', example: { currentPassword: 'the current password', newPassword: 'a new password' } },
];
