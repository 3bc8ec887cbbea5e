import type { RouteRow } from '../../../../rest-adapter/route.types';

export const teamRoutes: RouteRow[] = [
  { method: 'GET', path: '/api/organization/users', operation: 'users', tag: 'Team', summary: 'Members of your organization (paginated)' },
  { method: 'GET', path: '/api/organization/users/:userId', operation: 'user', params: { userId: 'id' }, tag: 'Team', summary: 'One member of your organization' },
  { method: 'PATCH', path: '/api/organization/users/:userId', operation: 'updateMember', params: { userId: 'id' }, body: 'input', tag: 'Team', summary: "Change a member's role (admin)", example: { role: 'user' } },
  { method: 'DELETE', path: '/api/organization/users/:userId', operation: 'removeUser', params: { userId: 'id' }, tag: 'Team', summary: 'Remove a member (admin): not yourself, not the last admin; their sessions and API keys end at once' },
  { method: 'POST', path: '/api/organization/invite', operation: 'inviteUser', body: 'input', status: 201, tag: 'Team', summary: 'Invite someone by mail (admin); 409 if the email is a member or already invited', example: { email: 'new.member@example.com', role: 'user', firstName: 'New', lastName: 'Member' } },
  { method: 'GET', path: '/api/organization/invitations', operation: 'invitations', tag: 'Team', summary: 'Invitations not yet accepted (admin, paginated)' },
  { method: 'DELETE', path: '/api/organization/invitations/:invitationId', operation: 'revokeInvitation', params: { invitationId: 'id' }, tag: 'Team', summary: 'Withdraw a pending invitation (admin)' },
];
