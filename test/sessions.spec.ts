import request from 'supertest';
import { clock } from '../src/lib/clock';
import { createServices } from '../src/composition';
import { createApp } from '../src/app';
import { createTestApp, TestApp } from './support/test-app';

const DAY = 24 * 3600 * 1000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => clock.reset());
afterAll(() => t.close());

function cookieOf(res: request.Response): string {
  return ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith('sessionId='))!
    .split(';')[0];
}

async function loginCookie(): Promise<string> {
  const org = await t.registerOrg('Sess');
  const res = await request(t.http).post('/api/auth/login').send({ email: org.email, password: org.password });
  return cookieOf(res);
}

const me = (cookie: string) => request(t.http).get('/api/auth/me').set('Cookie', cookie);

describe('session expiry', () => {
  it('slides: each request extends the session to 7 days after it, and refreshes the cookie Max-Age', async () => {
    const cookie = await loginCookie();
    for (let i = 0; i < 3; i++) {
      clock.advance(6 * DAY);
      const res = await me(cookie);
      expect(res.status).toBe(200);
      expect(res.headers['set-cookie'][0]).toContain('Max-Age=604800');
    }
  });

  it('writes the slide at most once a minute: requests in between only read', async () => {
    const cookie = await loginCookie();
    const id = t.deps.services.sessions.digest(decodeURIComponent(cookie.slice('sessionId='.length)));
    const expiry = async () =>
      new Date(
        (await t.sql<{ expires_at: Date }>('select expires_at from sessions where id = $1', [id]))[0].expires_at,
      ).getTime();
    clock.advance(61_000);
    expect((await me(cookie)).status).toBe(200);
    const slid = await expiry();
    clock.advance(30_000);
    expect((await me(cookie)).status).toBe(200);
    expect(await expiry()).toBe(slid); // 30 s later: read only
    clock.advance(31_000);
    expect((await me(cookie)).status).toBe(200);
    const again = await expiry(); // a minute after the last write: slides again
    expect(again - slid).toBeGreaterThanOrEqual(61_000);
    expect(again - slid).toBeLessThan(62_000);
  });

  it('ends 7 days after the last request with 401 SESSION_EXPIRED, then forgets the session', async () => {
    const cookie = await loginCookie();
    clock.advance(7 * DAY + 1000);
    const res = await me(cookie);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      error: 'Unauthorized',
      message: expect.any(String),
      code: 'SESSION_EXPIRED',
      requestId: expect.any(String),
    });
    expect(res.headers['set-cookie'][0]).toMatch(/^sessionId=;/);
    const again = await me(cookie);
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('UNAUTHENTICATED');
  });

  it('dies 30 days after login whatever the activity', async () => {
    const cookie = await loginCookie();
    for (let day = 6; day < 30; day += 6) {
      clock.advance(6 * DAY);
      expect((await me(cookie)).status).toBe(200);
    }
    clock.advance(6 * DAY); // day 30
    const res = await me(cookie);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('SESSION_EXPIRED');
  });

  it('SESSION_EXPIRED also reaches GraphQL clients', async () => {
    const cookie = await loginCookie();
    clock.advance(8 * DAY);
    const res = await request(t.http).post('/graphql').set('Cookie', cookie).send({ query: '{ me { user { id } } }' });
    expect(res.body.errors[0].extensions.code).toBe('SESSION_EXPIRED');
  });
});

describe('sessions live in PostgreSQL', () => {
  it('survive a restart and are shared by every instance on the same database', async () => {
    const cookie = await loginCookie();
    const second = await createApp({ ...t.deps, services: createServices(t.deps.config) });
    try {
      const res = await request(second.app).get('/api/auth/me').set('Cookie', cookie);
      expect(res.status).toBe(200);
      const out = await request(second.app).post('/api/auth/logout').set('Cookie', cookie);
      expect(out.status).toBe(200);
      expect((await me(cookie)).status).toBe(401); // logged out on instance 2, gone on instance 1
    } finally {
      await second.close();
    }
  });
});
