import request from 'supertest';
import { createTestApp, PASSWORD, TestApp, uniqueEmail } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function sessionCookie(res: request.Response): string {
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const c = cookies.find((x) => x.startsWith('sessionId='));
  if (!c) throw new Error(`no sessionId cookie in ${JSON.stringify(cookies)}`);
  return c;
}

describe('POST /api/auth/register', () => {
  it('creates the organization and its first user as admin, answers 201 and logs in', async () => {
    const email = uniqueEmail('Owner');
    const agent = t.agent();
    const res = await agent
      .post('/api/auth/register')
      .send({ email, password: PASSWORD, organizationName: 'Acme Lifts', firstName: 'Ada', lastName: 'Owner' });
    expect(res.status).toBe(201);
    expect(res.body.user).toEqual({
      id: expect.any(String),
      email: email.toLowerCase(),
      organizationId: expect.any(String),
      role: 'admin',
      firstName: 'Ada',
      lastName: 'Owner',
    });
    expect(sessionCookie(res)).toMatch(/HttpOnly/);
    const me = await agent.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.organization.name).toBe('Acme Lifts');
  });

  it('refuses a second registration with the same email (any case) with 409', async () => {
    const email = uniqueEmail('dup');
    const body = { email, password: PASSWORD, organizationName: 'One', firstName: 'A', lastName: 'B' };
    expect((await t.agent().post('/api/auth/register').send(body)).status).toBe(201);
    const res = await t
      .agent()
      .post('/api/auth/register')
      .send({ ...body, email: email.toUpperCase(), organizationName: 'Two' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 'Conflict',
      message: expect.any(String),
      code: 'CONFLICT',
      requestId: expect.any(String),
    });
    const orgs = await t.sql<{ n: string }>(`select count(*) as n from organizations where name = 'Two'`);
    expect(Number(orgs[0].n)).toBe(0);
  });

  it('names every invalid field in a 400 VALIDATION_ERROR', async () => {
    const res = await t
      .agent()
      .post('/api/auth/register')
      .send({ email: 'not-an-email', password: 'short', organizationName: '', firstName: 'A', lastName: 'B' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.error).toBe('Validation failed');
    const fields = res.body.details.map((d: { field: string }) => d.field).sort();
    expect(fields).toEqual(['email', 'organizationName', 'password']);
  });

  it('reports a missing required field and an unknown one', async () => {
    const res = await t
      .agent()
      .post('/api/auth/register')
      .send({ email: uniqueEmail(), password: PASSWORD, firstName: 'A', lastName: 'B', isAdmin: true });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { field: string }) => d.field).sort()).toEqual(['isAdmin', 'organizationName']);
  });
});

describe('POST /api/auth/login', () => {
  let email: string;
  beforeAll(async () => {
    ({ email } = await t.registerOrg('Login'));
  });

  it('answers the spec body and sets the sessionId cookie with the spec attributes', async () => {
    const res = await t.agent().post('/api/auth/login').send({ email, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['message', 'user']);
    expect(typeof res.body.message).toBe('string');
    expect(Object.keys(res.body.user).sort()).toEqual([
      'email',
      'firstName',
      'id',
      'lastName',
      'organizationId',
      'role',
    ]);
    const cookie = sessionCookie(res);
    expect(cookie).toMatch(/^sessionId=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Max-Age=604800');
    expect(cookie).not.toContain('Secure'); // plain http, COOKIE_SECURE=auto
  });

  it('gives the same 401 for an unknown email and a wrong password', async () => {
    // the same request id on both: the bodies must be equal to the byte
    const unknown = await t
      .agent()
      .post('/api/auth/login')
      .set('X-Request-Id', 'same')
      .send({ email: uniqueEmail('nobody'), password: PASSWORD });
    const wrong = await t
      .agent()
      .post('/api/auth/login')
      .set('X-Request-Id', 'same')
      .send({ email, password: 'wrong-password' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toEqual({
      error: 'Unauthorized',
      message: 'Invalid email or password',
      code: 'UNAUTHENTICATED',
      requestId: expect.any(String),
    });
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a password shorter than 8 characters with VALIDATION_ERROR details', async () => {
    const res = await t.agent().post('/api/auth/login').send({ email, password: '1234567' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'password', message: expect.stringContaining('8') }],
    });
  });

  it('regenerates the session id at login: the previous session of the client dies', async () => {
    const agent = t.agent();
    const first = await agent.post('/api/auth/login').send({ email, password: PASSWORD });
    const firstCookie = sessionCookie(first).split(';')[0];
    const second = await agent.post('/api/auth/login').send({ email, password: PASSWORD });
    expect(sessionCookie(second).split(';')[0]).not.toBe(firstCookie);
    const old = await request(t.http).get('/api/auth/me').set('Cookie', firstCookie);
    expect(old.status).toBe(401);
    expect((await agent.get('/api/auth/me')).status).toBe(200);
  });

  it('stores only a digest of the session token', async () => {
    const res = await t.agent().post('/api/auth/login').send({ email, password: PASSWORD });
    const token = sessionCookie(res).split(';')[0].split('=')[1];
    const rows = await t.sql<{ id: string }>('select id from sessions where id = $1', [token]);
    expect(rows).toHaveLength(0);
    expect(await t.sql('select id from sessions where id = $1', [t.deps.services.sessions.digest(token)])).toHaveLength(
      1,
    );
  });

  it('marks the cookie Secure over https behind a trusted proxy, and always when forced', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    const forced = await createTestApp({ COOKIE_SECURE: 'true' });
    try {
      const a = await proxied.registerOrg();
      const viaHttps = await request(proxied.http)
        .post('/api/auth/login')
        .set('X-Forwarded-Proto', 'https')
        .send({ email: a.email, password: PASSWORD });
      expect(sessionCookie(viaHttps)).toContain('Secure');
      const b = await forced.registerOrg().catch(() => undefined); // the agent cannot send a Secure cookie over http
      void b;
      const res = await request(forced.http)
        .post('/api/auth/register')
        .send({ email: uniqueEmail(), password: PASSWORD, organizationName: 'S', firstName: 'A', lastName: 'B' });
      expect(sessionCookie(res)).toContain('Secure');
    } finally {
      await proxied.close();
      await forced.close();
    }
  });
});

describe('GET /api/auth/me and POST /api/auth/logout', () => {
  it('answers 401 without a cookie and with an unknown one', async () => {
    const none = await request(t.http).get('/api/auth/me');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({
      error: 'Unauthorized',
      message: 'Authentication required',
      code: 'UNAUTHENTICATED',
      requestId: expect.any(String),
    });
    const unknown = await request(t.http).get('/api/auth/me').set('Cookie', 'sessionId=not-a-real-session');
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe('UNAUTHENTICATED');
  });

  it('logout destroys the session and clears the cookie', async () => {
    const { agent } = await t.registerOrg('Logout');
    const me = await agent.get('/api/auth/me');
    expect(me.status).toBe(200);
    const cookie = sessionCookie(me).split(';')[0];
    const out = await agent.post('/api/auth/logout');
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: 'Logged out' });
    const cleared = sessionCookie(out);
    expect(cleared).toMatch(/^sessionId=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(([] as string[]).concat(out.headers['set-cookie']).filter((c) => c.startsWith('sessionId='))).toHaveLength(
      1,
    );
    const replay = await request(t.http).get('/api/auth/me').set('Cookie', cookie);
    expect(replay.status).toBe(401);
  });

  it('shares one session between GraphQL and REST', async () => {
    const { email } = await t.registerOrg('Gql');
    const agent = t.agent();
    const login = await t.gql<{ login: { user: { email: string; role: string } } }>(
      agent,
      'mutation($i: LoginInput!) { login(input: $i) { message user { email role } } }',
      { i: { email, password: PASSWORD } },
    );
    expect(login.data?.login.user).toEqual({ email, role: 'admin' });
    const me = await agent.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(email);
    const gqlMe = await t.gql<{ me: { user: { email: string } } }>(agent, '{ me { user { email } isImpersonating } }');
    expect(gqlMe.data?.me.user.email).toBe(email);
  });

  it('GraphQL reports the same codes in extensions.code', async () => {
    const anon = await t.gql(t.agent(), '{ me { user { id } } }');
    expect(anon.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    const bad = await t.gql(
      t.agent(),
      'mutation { login(input: { email: "x@example.com", password: "short" }) { message } }',
    );
    expect(bad.errors?.[0].extensions).toEqual({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'password', message: expect.any(String) }],
    });
  });
});
