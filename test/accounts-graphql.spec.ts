/** The accounts flows end to end over /graphql only (the REST tests cover the same services through the table). */
import request from 'supertest';
import { mailedToken, superAdmin } from './support/accounts';
import { createTestApp, PASSWORD, Registered, TestApp, uniqueEmail } from './support/test-app';

let t: TestApp;
let org: Registered;
beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Gql');
});
afterAll(() => t.close());

it('invite, accept, change the role, remove', async () => {
  const email = uniqueEmail('gql-invitee');
  const inv = await t.gql<{ inviteUser: { id: string; email: string } }>(
    org.agent,
    'mutation($i: InviteUserInput!) { inviteUser(input: $i) { id email role expiresAt } }',
    { i: { email, role: 'user', firstName: 'G', lastName: 'Q' } },
  );
  expect(inv.data?.inviteUser.email).toBe(email);
  const dup = await t.gql(org.agent, 'mutation($i: InviteUserInput!) { inviteUser(input: $i) { id } }', {
    i: { email, role: 'user', firstName: 'G', lastName: 'Q' },
  });
  expect(dup.errors?.[0].extensions.code).toBe('CONFLICT');
  const token = await mailedToken(t, email, 'invitation');
  const agent = t.agent();
  const accepted = await t.gql<{ acceptInvitation: { user: { id: string; role: string } } }>(
    agent,
    'mutation($i: AcceptInvitationInput!) { acceptInvitation(input: $i) { message user { id role } } }',
    { i: { token, password: 'gql-password-1' } },
  );
  const userId = accepted.data!.acceptInvitation.user.id;
  expect(accepted.data?.acceptInvitation.user.role).toBe('user');
  expect((await t.gql<{ me: { user: { id: string } } }>(agent, '{ me { user { id } } }')).data?.me.user.id).toBe(
    userId,
  );
  const promoted = await t.gql<{ updateMember: { role: string } }>(
    org.agent,
    `mutation { updateMember(id: "${userId}", input: { role: "admin" }) { role } }`,
  );
  expect(promoted.data?.updateMember.role).toBe('admin');
  const changed = await t.gql(
    agent,
    'mutation { changePassword(input: { currentPassword: "gql-password-1", newPassword: "gql-password-2" }) { message } }',
  );
  expect(changed.errors).toBeUndefined();
  await t.gql(org.agent, `mutation { removeUser(id: "${userId}") { id } }`);
  expect((await t.gql(agent, '{ me { user { id } } }')).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
});

it('settings, API keys with bearer on /graphql, and revocation', async () => {
  const created = await t.gql<{ createApiKey: { secret: string; apiKey: { id: string } } }>(
    org.agent,
    'mutation { createApiKey(input: { name: "ci", role: "admin" }) { secret apiKey { id name role } } }',
  );
  const { secret, apiKey } = created.data!.createApiKey;
  const viaKey = await request(t.http)
    .post('/graphql')
    .set('Authorization', `Bearer ${secret}`)
    .send({ query: '{ organizationSettings { name integrations { name isSet } } me { authenticatedBy } }' });
  expect(viaKey.body.data.me.authenticatedBy).toBe('api_key');
  const listed = await t.gql<{ apiKeys: { data: { id: string }[] } }>(
    org.agent,
    '{ apiKeys { data { id prefix lastUsedAt } } }',
  );
  expect(listed.data?.apiKeys.data.map((k) => k.id)).toContain(apiKey.id);
  await t.gql(org.agent, `mutation { revokeApiKey(id: "${apiKey.id}") { revokedAt } }`);
  const after = await request(t.http)
    .post('/graphql')
    .set('Authorization', `Bearer ${secret}`)
    .send({ query: '{ me { authenticatedBy } }' });
  expect(after.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
});

it('impersonation, audit log and organization deletion', async () => {
  const root = await superAdmin(t);
  const agent = await t.login(root.email, PASSWORD);
  const start = await t.gql<{ impersonate: { isImpersonating: boolean } }>(
    agent,
    `mutation { impersonate(input: { userId: "${org.userId}", organizationId: "${org.organizationId}" }) { isImpersonating user { id } } }`,
  );
  expect(start.data?.impersonate.isImpersonating).toBe(true);
  const me = await t.gql<{ me: { isImpersonating: boolean; impersonator: { id: string } } }>(
    agent,
    '{ me { isImpersonating impersonator { id email } organization { id } } }',
  );
  expect(me.data?.me).toMatchObject({ isImpersonating: true, impersonator: { id: root.userId } });
  const refused = await t.gql(agent, `mutation { deleteOrganization(id: "${org.organizationId}") { id } }`);
  expect(refused.errors?.[0].extensions.code).toBe('FORBIDDEN');
  await t.gql(agent, 'mutation { endImpersonation { isImpersonating } }');
  const log = await t.gql<{ auditLog: { data: { action: string; status: number }[] } }>(
    agent,
    '{ auditLog(limit: 100) { data { action status impersonatedEmail } } }',
  );
  expect(log.data?.auditLog.data.map((e) => `${e.action} ${e.status}`)).toEqual(
    expect.arrayContaining([
      'graphql query: me 200',
      'graphql mutation: deleteOrganization 403',
      'graphql mutation: endImpersonation 200',
      'impersonation.start 200',
    ]),
  );
  const doomed = await t.registerOrg('GqlDoomed');
  const del = await t.gql<{ deleteOrganization: { id: string } }>(
    agent,
    `mutation { deleteOrganization(id: "${doomed.organizationId}") { id message } }`,
  );
  expect(del.data?.deleteOrganization.id).toBe(doomed.organizationId);
  expect(await t.sql('select 1 from users where organization_id = $1', [doomed.organizationId])).toHaveLength(0);
});
