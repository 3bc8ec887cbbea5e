/**
 * What a super admin may do inside an organization while impersonating (docs/accounts.md, "While impersonating";
 * src/graphql/rules.ts refusedWhileImpersonating): every refused operation is a 403 IMPERSONATION_FORBIDDEN through
 * GraphQL and through its REST row, writes nothing, and succeeds for the organization's real admin.
 */
import type request from 'supertest';
import { ruleTree } from '../src/composition';
import { apiKey, superAdmin } from './support/accounts';
import { newContact } from './support/crm';
import { Agent, createTestApp, PASSWORD, Registered, TestApp, uniqueEmail } from './support/test-app';

let t: TestApp;
let root: Awaited<ReturnType<typeof superAdmin>>;
let org: Registered;
let support: Agent;

beforeAll(async () => {
  t = await createTestApp();
  root = await superAdmin(t);
  org = await t.registerOrg('Supported');
  support = await t.login(root.email, PASSWORD);
  await support
    .post('/api/admin/impersonate')
    .send({ userId: org.userId, organizationId: org.organizationId })
    .expect(200);
});
afterAll(() => t.close());

const HOOK_URL = 'https://93.184.216.34/crm-hook';

/** One refused operation: its target (made by the real admin), its REST request, its GraphQL document. */
interface Case {
  operation: string;
  target?: () => Promise<string>;
  rest: (agent: Agent, id: string) => request.Test;
  gql: (id: string) => string;
  /** The organization's real admin's REST request succeeds with this status. */
  ok: number;
}

const member = async () => (await t.addMember(org.organizationId, 'user')).userId;
const subscription = async () =>
  (await org.agent.post('/api/settings/webhooks').send({ url: HOOK_URL }).expect(201)).body.subscription.id as string;
const invitee = { role: 'user', firstName: 'In', lastName: 'Vitee' };

const CASES: Case[] = [
  {
    operation: 'createApiKey',
    rest: (a) => a.post('/api/api-keys').send({ name: 'lasting', role: 'admin' }),
    gql: () => 'mutation { createApiKey(input: { name: "lasting", role: "admin" }) { secret } }',
    ok: 201,
  },
  {
    operation: 'revokeApiKey',
    target: async () => (await apiKey(org.agent)).id,
    rest: (a, id) => a.delete(`/api/api-keys/${id}`),
    gql: (id) => `mutation { revokeApiKey(id: "${id}") { id } }`,
    ok: 200,
  },
  {
    operation: 'updateMember',
    target: member,
    rest: (a, id) => a.patch(`/api/organization/users/${id}`).send({ role: 'admin' }),
    gql: (id) => `mutation { updateMember(id: "${id}", input: { role: "admin" }) { id } }`,
    ok: 200,
  },
  {
    operation: 'removeUser',
    target: member,
    rest: (a, id) => a.delete(`/api/organization/users/${id}`),
    gql: (id) => `mutation { removeUser(id: "${id}") { id } }`,
    ok: 200,
  },
  {
    operation: 'inviteUser',
    target: async () => uniqueEmail('invitee'),
    rest: (a, email) => a.post('/api/organization/invite').send({ email, ...invitee }),
    gql: (email) =>
      `mutation { inviteUser(input: { email: "${email}", role: "user", firstName: "In", lastName: "Vitee" }) { id } }`,
    ok: 201,
  },
  {
    operation: 'revokeInvitation',
    target: async () =>
      (
        await org.agent
          .post('/api/organization/invite')
          .send({ email: uniqueEmail('inv'), ...invitee })
          .expect(201)
      ).body.id as string,
    rest: (a, id) => a.delete(`/api/organization/invitations/${id}`),
    gql: (id) => `mutation { revokeInvitation(id: "${id}") { id } }`,
    ok: 200,
  },
  {
    operation: 'setWebhookSecret',
    rest: (a) => a.put('/api/settings/webhook-secrets').send({ provider: 'generic', secret: 'lasting-secret' }),
    gql: () => 'mutation { setWebhookSecret(input: { provider: generic, secret: "lasting-secret" }) { __typename } }',
    ok: 200,
  },
  {
    operation: 'clearWebhookSecret',
    rest: (a) => a.delete('/api/settings/webhook-secrets/generic'),
    gql: () => 'mutation { clearWebhookSecret(provider: generic) { __typename } }',
    ok: 200,
  },
  {
    operation: 'updateOrganizationSettings',
    rest: (a) => a.put('/api/settings/organization').send({ integrations: { openaiApiKey: 'sk-lasting' } }),
    gql: () => 'mutation { updateOrganizationSettings(input: { integrations: { openaiApiKey: "sk-x" } }) { name } }',
    ok: 200,
  },
  {
    operation: 'createWebhookSubscription',
    rest: (a) => a.post('/api/settings/webhooks').send({ url: HOOK_URL }),
    gql: () => `mutation { createWebhookSubscription(input: { url: "${HOOK_URL}" }) { secret } }`,
    ok: 201,
  },
  {
    operation: 'updateWebhookSubscription',
    target: subscription,
    rest: (a, id) => a.put(`/api/settings/webhooks/${id}`).send({ url: `${HOOK_URL}/elsewhere` }),
    gql: (id) => `mutation { updateWebhookSubscription(id: "${id}", input: { url: "${HOOK_URL}/x" }) { id } }`,
    ok: 200,
  },
  {
    operation: 'rotateWebhookSecret',
    target: subscription,
    rest: (a, id) => a.post(`/api/settings/webhooks/${id}/rotate-secret`),
    gql: (id) => `mutation { rotateWebhookSecret(id: "${id}") { secret } }`,
    ok: 200,
  },
  {
    operation: 'sendContactEmail',
    target: async () => (await newContact(org.agent)).id as string,
    rest: (a, id) => a.post(`/api/contacts/${id}/emails`).send({ subject: 'Hello', text: 'From support' }),
    gql: (id) => `mutation { sendContactEmail(id: "${id}", input: { subject: "Hi", text: "x" }) { id } }`,
    ok: 201,
  },
  {
    operation: 'sendContactSms',
    target: async () => (await newContact(org.agent, { phone: '+14155550199' })).id as string,
    rest: (a, id) => a.post(`/api/contacts/${id}/sms`).send({ body: 'From support' }),
    gql: (id) => `mutation { sendContactSms(id: "${id}", input: { body: "x" }) { id } }`,
    ok: 201,
  },
  {
    // A new email: the account's login (its names and phone stay allowed, below). The real admin's address changes.
    operation: 'updateProfile',
    target: async () => uniqueEmail('relogin'),
    rest: (a, email) => a.patch('/api/auth/me').send({ email, currentPassword: PASSWORD }),
    gql: (email) => `mutation { updateProfile(input: { email: "${email}", currentPassword: "${PASSWORD}" }) { id } }`,
    ok: 200,
  },
  {
    // Last: the real admin's password changes (their other sessions end).
    operation: 'changePassword',
    rest: (a) =>
      a.post('/api/auth/change-password').send({ currentPassword: PASSWORD, newPassword: 'a-new-long-password' }),
    gql: () =>
      `mutation { changePassword(input: { currentPassword: "${PASSWORD}", newPassword: "another-long-password" }) { message } }`,
    ok: 200,
  },
];

/** What the refused requests could have written: row counts per table and the organization's row (settings, secrets). */
async function footprint(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of ['api_keys', 'invitations', 'users', 'webhook_subscriptions', 'activities', 'mail_outbox']) {
    const [row] = await t.sql<{ n: string }>(`select count(*) as n from "${table}" where organization_id = $1`, [
      org.organizationId,
    ]);
    out[table] = String(row.n);
  }
  out.organization = JSON.stringify(await t.sql('select * from organizations where id = $1', [org.organizationId]));
  out.roles = JSON.stringify(
    await t.sql('select id, role from users where organization_id = $1 order by id', [org.organizationId]),
  );
  return out;
}

it('the refused operations are exactly the ones tested here', () => {
  const refused = Object.entries({ ...ruleTree.Query, ...ruleTree.Mutation })
    .filter(([, rule]) =>
      ((rule as { rules?: { name?: string }[] }).rules ?? []).some((r) => r.name?.startsWith('notImpersonating')),
    )
    .map(([field]) => field);
  expect(refused.sort()).toEqual(CASES.map((c) => c.operation).sort());
});

describe.each(CASES)('$operation', (c) => {
  it('is 403 IMPERSONATION_FORBIDDEN while impersonating, through REST and GraphQL, writes nothing; the real actor succeeds', async () => {
    const id = c.target ? await c.target() : '';
    const before = await footprint();

    const rest = await c.rest(support, id);
    expect(rest.status).toBe(403);
    expect(rest.body).toMatchObject({ error: 'Forbidden', code: 'IMPERSONATION_FORBIDDEN' });
    expect(rest.body.message).toContain(`${c.operation} is refused while impersonating`);
    const gql = await t.gql(support, c.gql(id));
    expect(gql.errors?.[0]).toMatchObject({
      extensions: { code: 'IMPERSONATION_FORBIDDEN' },
      message: expect.stringContaining('End impersonation'),
    });
    expect((gql.data as Record<string, unknown> | undefined)?.[c.operation] ?? null).toBeNull();
    expect(await footprint()).toEqual(before);

    expect((await c.rest(org.agent, id)).status).toBe(c.ok);
  });
});

describe('API keys while impersonating', () => {
  it('none can be minted, whatever the transport; the real admin can', async () => {
    const keys = () => t.sql('select id from api_keys where organization_id = $1', [org.organizationId]);
    const before = await keys();
    const rest = await support.post('/api/api-keys').send({ name: 'backdoor', role: 'admin' });
    expect(rest.status).toBe(403);
    expect(rest.body.secret).toBeUndefined();
    const gql = await t.gql(
      support,
      'mutation { createApiKey(input: { name: "backdoor", role: "admin" }) { secret } }',
    );
    expect(gql.errors?.[0].extensions.code).toBe('IMPERSONATION_FORBIDDEN');
    expect(await keys()).toEqual(before);
    // An impersonated plain user is refused by the role, as any plain user is.
    const plain = await t.addMember(org.organizationId, 'user');
    const other = await t.login(root.email, PASSWORD);
    await other
      .post('/api/admin/impersonate')
      .send({ userId: plain.userId, organizationId: org.organizationId })
      .expect(200);
    expect((await other.post('/api/api-keys').send({ name: 'k', role: 'user' })).body.code).toBe('FORBIDDEN');
    expect(await keys()).toEqual(before);
    expect((await org.agent.post('/api/api-keys').send({ name: 'real', role: 'admin' })).status).toBe(201);
  });
});

describe('what stays allowed while impersonating', () => {
  it('reading and fixing the organization’s data, its settings without credentials, a profile without its email', async () => {
    const contact = await support.post('/api/contacts').send({ name: 'Fixed by support', email: uniqueEmail('fix') });
    expect(contact.status).toBe(201);
    expect((await support.put(`/api/contacts/${contact.body.id}`).send({ name: 'Fixed again' })).status).toBe(200);
    expect((await support.get('/api/organization/users')).status).toBe(200);
    expect((await support.get('/api/api-keys')).status).toBe(200);
    expect((await support.put('/api/settings/organization').send({ phone: '+14155550123' })).status).toBe(200);
    const profile = await support.patch('/api/auth/me').send({ firstName: 'Fixed', phone: '+14155550124' });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ id: org.userId, firstName: 'Fixed', phone: '+14155550124' });
  });
});
