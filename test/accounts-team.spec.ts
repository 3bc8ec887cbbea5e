import request from 'supertest';
import { clock } from '../src/lib/clock';
import { apiKey, fields, mailedToken } from './support/accounts';
import { createTestApp, PASSWORD, Registered, TestApp, uniqueEmail } from './support/test-app';

let t: TestApp;
let org: Registered;
beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Team');
});
afterAll(async () => {
  clock.reset();
  await t.close();
});

function invite(email: string, role = 'user') {
  return org.agent.post('/api/organization/invite').send({ email, role, firstName: 'Ina', lastName: 'Vited' });
}

describe('invitations', () => {
  it('an admin invites; the mail carries a single-use token; accepting sets the password and logs in', async () => {
    const email = uniqueEmail('invitee');
    const res = await invite(email.toUpperCase(), 'admin');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email, role: 'admin', firstName: 'Ina', organizationId: org.organizationId });
    expect(JSON.stringify(res.body)).not.toMatch(/token/i);
    const token = await mailedToken(t, email, 'invitation');
    const [row] = await t.sql<{ token_digest: string; expires_at: Date }>(
      'select token_digest, expires_at from invitations where email = $1',
      [email],
    );
    expect(row.token_digest).not.toBe(token); // only the digest is stored
    expect(new Date(row.expires_at).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

    const pending = await org.agent.get('/api/organization/invitations');
    expect(pending.body.data.map((i: { email: string }) => i.email)).toContain(email);

    const agent = t.agent();
    const accepted = await agent.post('/api/auth/accept-invitation').send({ token, password: 'brand-new-password' });
    expect(accepted.status).toBe(201);
    expect(accepted.body.user).toEqual({
      id: expect.any(String),
      email,
      organizationId: org.organizationId,
      role: 'admin',
      firstName: 'Ina',
      lastName: 'Vited',
    });
    expect((await agent.get('/api/auth/me')).body.user.email).toBe(email);
    await t.login(email, 'brand-new-password');

    const again = await t.agent().post('/api/auth/accept-invitation').send({ token, password: 'another-password' });
    expect(again.status).toBe(400);
    expect(fields(again.body)).toEqual(['token']);
    expect(
      (await org.agent.get('/api/organization/invitations')).body.data.map((i: { email: string }) => i.email),
    ).not.toContain(email);
  });

  it('an expired invitation cannot be accepted', async () => {
    const email = uniqueEmail('late');
    await invite(email).expect(201);
    const token = await mailedToken(t, email, 'invitation');
    clock.advance(7 * 24 * 3600 * 1000 + 1000);
    try {
      org.agent = await t.login(org.email, PASSWORD); // a week idle ended the admin's session too
      const res = await t.agent().post('/api/auth/accept-invitation').send({ token, password: 'brand-new-password' });
      expect(res.status).toBe(400);
      expect(await t.sql('select 1 from users where email = $1', [email])).toHaveLength(0);
      // An expired invitation no longer blocks a new one.
      expect((await invite(email)).status).toBe(201);
    } finally {
      clock.reset();
    }
  });

  it('409 for a member or a pending email, 400 for super_admin or a bad role, 403 for a user', async () => {
    expect((await invite(org.email)).status).toBe(409);
    const email = uniqueEmail('twice');
    await invite(email).expect(201);
    expect((await invite(email)).status).toBe(409);
    const sa = await invite(uniqueEmail('sa'), 'super_admin');
    expect(sa.status).toBe(400);
    expect(fields(sa.body)).toEqual(['role']);
    const bad = await org.agent
      .post('/api/organization/invite')
      .send({ email: 'x', role: 'owner', firstName: '', lastName: 'L' });
    expect(fields(bad.body)).toEqual(['email', 'firstName', 'role']);
    const user = await t.addMember(org.organizationId, 'user');
    expect(
      (
        await user.agent
          .post('/api/organization/invite')
          .send({ email: uniqueEmail(), role: 'user', firstName: 'A', lastName: 'B' })
      ).status,
    ).toBe(403);
  });

  it('a withdrawn invitation cannot be accepted', async () => {
    const email = uniqueEmail('withdrawn');
    const inv = await invite(email).expect(201);
    const token = await mailedToken(t, email, 'invitation');
    expect((await org.agent.delete(`/api/organization/invitations/${inv.body.id}`)).status).toBe(200);
    expect(
      (await t.agent().post('/api/auth/accept-invitation').send({ token, password: 'brand-new-password' })).status,
    ).toBe(400);
  });
});

describe('roles', () => {
  it('an admin changes a role; it applies to the member’s next request; super_admin is refused', async () => {
    const m = await t.addMember(org.organizationId, 'user');
    expect((await m.agent.get('/api/organization/invitations')).status).toBe(403);
    const res = await org.agent.patch(`/api/organization/users/${m.userId}`).send({ role: 'admin' });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('admin');
    expect((await m.agent.get('/api/organization/invitations')).status).toBe(200);
    const sa = await org.agent.patch(`/api/organization/users/${m.userId}`).send({ role: 'super_admin' });
    expect(sa.status).toBe(400);
    expect((await m.agent.patch(`/api/organization/users/${org.userId}`).send({ role: 'user' })).status).toBe(200);
    await org.agent.get('/api/auth/me').expect(200);
    // org's admin is now a user: promote back through the other admin
    expect((await org.agent.get('/api/organization/invitations')).status).toBe(403);
    await m.agent.patch(`/api/organization/users/${org.userId}`).send({ role: 'admin' }).expect(200);
  });

  it('the last admin cannot be demoted (409)', async () => {
    const solo = await t.registerOrg('Solo');
    const res = await solo.agent.patch(`/api/organization/users/${solo.userId}`).send({ role: 'user' });
    expect(res.status).toBe(409);
    const gql = await t.gql(
      solo.agent,
      `mutation { updateMember(id: "${solo.userId}", input: { role: "user" }) { role } }`,
    );
    expect(gql.errors?.[0].extensions.code).toBe('CONFLICT');
  });
});

describe('DELETE /api/organization/users/:userId', () => {
  it('removes the member: their live session and API keys fail at once; invitations they sent stay, unattributed', async () => {
    const other = await t.addMember(org.organizationId, 'admin');
    const key = await apiKey(other.agent, 'user');
    const email = uniqueEmail('sentby');
    await other.agent
      .post('/api/organization/invite')
      .send({ email, role: 'user', firstName: 'S', lastName: 'B' })
      .expect(201);
    expect((await request(t.http).get('/api/auth/me').set('Authorization', `Bearer ${key.secret}`)).status).toBe(200);

    const res = await org.agent.delete(`/api/organization/users/${other.userId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'User removed', id: other.userId });
    expect((await other.agent.get('/api/auth/me')).status).toBe(401);
    expect((await request(t.http).get('/api/auth/me').set('Authorization', `Bearer ${key.secret}`)).status).toBe(401);
    expect(await t.sql('select 1 from sessions where user_id = $1', [other.userId])).toHaveLength(0);
    expect(await t.sql('select 1 from api_keys where id = $1', [key.id])).toHaveLength(0);
    const [inv] = await t.sql<{ invited_by_id: string | null }>(
      'select invited_by_id from invitations where email = $1',
      [email],
    );
    expect(inv.invited_by_id).toBeNull();
    expect((await org.agent.get(`/api/organization/users/${other.userId}`)).status).toBe(404);
  });

  it('refuses yourself and the last admin (409), users (403), other organizations’ members (404)', async () => {
    expect((await org.agent.delete(`/api/organization/users/${org.userId}`)).status).toBe(409);
    const solo = await t.registerOrg('Solo2');
    const soloUser = await t.addMember(solo.organizationId, 'user');
    expect((await soloUser.agent.delete(`/api/organization/users/${solo.userId}`)).status).toBe(403);
    expect((await org.agent.delete(`/api/organization/users/${solo.userId}`)).status).toBe(404);
    expect((await org.agent.delete(`/api/organization/users/${soloUser.userId}`)).status).toBe(404);
    await solo.agent.get('/api/auth/me').expect(200);
  });

  it('works through GraphQL too', async () => {
    const m = await t.addMember(org.organizationId, 'user');
    const res = await t.gql<{ removeUser: { id: string } }>(
      org.agent,
      `mutation { removeUser(id: "${m.userId}") { id message } }`,
    );
    expect(res.data?.removeUser.id).toBe(m.userId);
    expect((await m.agent.get('/api/auth/me')).status).toBe(401);
  });
});

describe('mail transport', () => {
  it('records mails in mail_outbox by default; with SMTP_URL an unreachable server rolls the invitation back (503)', async () => {
    expect(t.deps.services.mailer).toBeDefined();
    const smtp = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const admin = await smtp.registerOrg('Smtp');
      const email = uniqueEmail('smtp');
      const res = await admin.agent
        .post('/api/organization/invite')
        .send({ email, role: 'user', firstName: 'S', lastName: 'M' });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
      expect(await smtp.sql('select 1 from invitations where email = $1', [email])).toHaveLength(0);
      expect(await smtp.sql('select 1 from mail_outbox where recipient = $1', [email])).toHaveLength(0);
      // forgot-password still answers 202 and reveals nothing
      expect((await smtp.agent().post('/api/auth/forgot-password').send({ email: admin.email })).status).toBe(202);
    } finally {
      await smtp.close();
    }
  });
});
