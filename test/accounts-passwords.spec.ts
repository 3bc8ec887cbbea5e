import { clock } from '../src/lib/clock';
import { fields, freshRateWindow, mailedToken } from './support/accounts';
import { createTestApp, PASSWORD, TestApp, uniqueEmail } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  clock.reset();
  await t.close();
});

const mails = async (to: string) => (await t.sql('select 1 from mail_outbox where recipient = $1', [to])).length;

describe('forgot and reset password', () => {
  it('answers 202 with the same body for a known and an unknown email; only the known one gets a mail', async () => {
    const { email } = await t.registerOrg('Forgot');
    const nobody = uniqueEmail('nobody');
    const known = await t.agent().post('/api/auth/forgot-password').send({ email });
    const unknown = await t.agent().post('/api/auth/forgot-password').send({ email: nobody });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual(unknown.body);
    expect(await mails(email)).toBe(1);
    expect(await mails(nobody)).toBe(0);
    const bad = await t.agent().post('/api/auth/forgot-password').send({ email: 'not-an-email' });
    expect(bad.status).toBe(400);
  });

  it('resets with the token once, ends every session of the user, and the old password stops working', async () => {
    const org = await t.registerOrg('Reset');
    const second = await t.login(org.email, PASSWORD);
    await t.agent().post('/api/auth/forgot-password').send({ email: org.email }).expect(202);
    const token = await mailedToken(t, org.email, 'password_reset');
    const [row] = await t.sql<{ token_digest: string }>(
      'select token_digest from password_reset_tokens where user_id = $1',
      [org.userId],
    );
    expect(row.token_digest).not.toBe(token);

    const res = await t.agent().post('/api/auth/reset-password').send({ token, password: 'a-whole-new-password' });
    expect(res.status).toBe(200);
    expect((await org.agent.get('/api/auth/me')).status).toBe(401);
    expect((await second.get('/api/auth/me')).status).toBe(401);
    expect((await t.agent().post('/api/auth/login').send({ email: org.email, password: PASSWORD })).status).toBe(401);
    await t.login(org.email, 'a-whole-new-password');

    const twice = await t.agent().post('/api/auth/reset-password').send({ token, password: 'yet-another-password' });
    expect(twice.status).toBe(400);
    expect(fields(twice.body)).toEqual(['token']);
  });

  it('a token expires after one hour; a newer request replaces the older token', async () => {
    const org = await t.registerOrg('Expire');
    await t.agent().post('/api/auth/forgot-password').send({ email: org.email }).expect(202);
    const first = await mailedToken(t, org.email, 'password_reset');
    clock.advance(1000);
    await t.agent().post('/api/auth/forgot-password').send({ email: org.email }).expect(202);
    const second = await mailedToken(t, org.email, 'password_reset');
    expect(second).not.toBe(first);
    expect(
      (await t.agent().post('/api/auth/reset-password').send({ token: first, password: 'a-whole-new-password' }))
        .status,
    ).toBe(400);
    clock.advance(3600 * 1000);
    try {
      expect(
        (await t.agent().post('/api/auth/reset-password').send({ token: second, password: 'a-whole-new-password' }))
          .status,
      ).toBe(400);
    } finally {
      clock.reset();
    }
    await t.login(org.email, PASSWORD);
  });

  it('the reset password must meet the policy', async () => {
    const res = await t.agent().post('/api/auth/reset-password').send({ token: 'whatever', password: 'short' });
    expect(res.status).toBe(400);
    expect(fields(res.body)).toEqual(['password']);
  });

  it('forgot, reset and accept-invitation draw on the auth budget (10 a minute per IP)', async () => {
    const limited = await createTestApp({ RATE_LIMIT_AUTH: '3' });
    try {
      freshRateWindow();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await limited.agent().post('/api/auth/forgot-password').send({ email: uniqueEmail() })).status);
      expect(statuses).toEqual([202, 202, 202, 429]);
      const reset = await limited
        .agent()
        .post('/api/auth/reset-password')
        .send({ token: 'x', password: 'long-enough-password' });
      expect(reset.status).toBe(429);
      expect(reset.headers['retry-after']).toBeDefined();
      const gql = await limited
        .agent()
        .post('/graphql')
        .send({ query: 'mutation { requestPasswordReset(input: { email: "a@example.com" }) { message } }' });
      expect(gql.status).toBe(429);
      // /graphql answers its refusals in GraphQL's shape (docs/decisions.md, GraphQL over HTTP)
      expect(gql.body.errors[0].extensions.code).toBe('RATE_LIMITED');
    } finally {
      clock.reset();
      await limited.close();
    }
  });
});

describe('change password', () => {
  it('needs the current password; keeps the current session and ends the others', async () => {
    const org = await t.registerOrg('Change');
    const other = await t.login(org.email, PASSWORD);
    const wrong = await org.agent
      .post('/api/auth/change-password')
      .send({ currentPassword: 'not-the-password', newPassword: 'changed-password-1' });
    expect(wrong.status).toBe(400);
    expect(fields(wrong.body)).toEqual(['currentPassword']);
    const short = await org.agent
      .post('/api/auth/change-password')
      .send({ currentPassword: PASSWORD, newPassword: 'short' });
    expect(fields(short.body)).toEqual(['newPassword']);
    const ok = await org.agent
      .post('/api/auth/change-password')
      .send({ currentPassword: PASSWORD, newPassword: 'changed-password-1' });
    expect(ok.status).toBe(200);
    expect((await org.agent.get('/api/auth/me')).status).toBe(200);
    expect((await other.get('/api/auth/me')).status).toBe(401);
    await t.login(org.email, 'changed-password-1');
    expect(
      (
        await t
          .agent()
          .post('/api/auth/change-password')
          .send({ currentPassword: PASSWORD, newPassword: 'changed-password-2' })
      ).status,
    ).toBe(401);
  });
});
