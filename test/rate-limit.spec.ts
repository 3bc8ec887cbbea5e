import request from 'supertest';
import { clock } from '../src/lib/clock';
import { createServices } from '../src/composition';
import { createApp } from '../src/app';
import { createTestApp, TestApp, uniqueEmail } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  // TRUST_PROXY: X-Forwarded-For tells the client address, so each test can play its own IP.
  t = await createTestApp({ RATE_LIMIT_AUTH: '10', RATE_LIMIT_READ: '5', RATE_LIMIT_WRITE: '3', TRUST_PROXY: 'true' });
});
afterAll(() => t.close());
afterEach(() => clock.reset());

/** Each test starts at the beginning of a fresh one-minute window, so counts are exact. */
beforeEach(() => {
  clock.advance(60_000 * 5 - (clock.nowMs() % 60_000) + 1000);
});

const badLogin = (app = t.http, ip = '10.0.0.1') =>
  request(app)
    .post('/api/auth/login')
    .set('X-Forwarded-For', ip)
    .send({ email: uniqueEmail(), password: 'wrong-password' });

describe('rate limits', () => {
  it('allows 10 logins a minute per IP, then answers 429 with Retry-After and RateLimit headers', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await badLogin();
      expect(res.status).toBe(401);
      expect(res.headers['ratelimit-limit']).toBe('10');
      expect(res.headers['ratelimit-remaining']).toBe(String(9 - i));
    }
    const blocked = await badLogin();
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      error: 'Too Many Requests',
      message: expect.any(String),
      code: 'RATE_LIMITED',
      requestId: expect.any(String),
    });
    const retry = Number(blocked.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    expect(blocked.headers['ratelimit-reset']).toBe(String(retry));
    clock.advance(retry * 1000);
    expect((await badLogin()).status).toBe(401); // next window
  });

  it('counts GraphQL login against the same auth budget', async () => {
    for (let i = 0; i < 10; i++) await badLogin(t.http, '10.0.0.2');
    const res = await request(t.http)
      .post('/graphql')
      .set('X-Forwarded-For', '10.0.0.2')
      .send({ query: 'mutation { login(input: { email: "a@example.com", password: "whatever-123" }) { message } }' });
    expect(res.status).toBe(429);
    expect(res.body.errors[0].extensions.code).toBe('RATE_LIMITED'); // GraphQL over HTTP's shape on /graphql
  });

  it('counts a profile change (it takes the current password for a new email) against the auth budget of the IP', async () => {
    const org = await t.registerOrg('Profile budget');
    for (let i = 0; i < 10; i++) await badLogin(t.http, '10.0.0.4');
    const guess = await org.agent
      .patch('/api/auth/me')
      .set('X-Forwarded-For', '10.0.0.4')
      .send({ email: uniqueEmail('guess'), currentPassword: 'a-guessed-password' });
    expect(guess.status).toBe(429);
    expect(guess.body.code).toBe('RATE_LIMITED');
  });

  it('keys read and write budgets per user when authenticated', async () => {
    const a = await t.registerOrg('RL-A');
    const b = await t.registerOrg('RL-B');
    clock.advance(60_000); // registration used write budget of the IP; start clean
    for (let i = 0; i < 5; i++) expect((await a.agent.get('/api/auth/me')).status).toBe(200);
    expect((await a.agent.get('/api/auth/me')).status).toBe(429);
    expect((await b.agent.get('/api/auth/me')).status).toBe(200); // another user, own budget
    expect((await a.agent.post('/api/auth/logout')).status).toBe(200); // writes have their own budget
  });

  it('batches read counts below half of the budget, yet refuses at the limit across instances', async () => {
    const a = await t.registerOrg('RL-C');
    const second = await createApp({ ...t.deps, services: createServices(t.deps.config) });
    try {
      const other = request.agent(second.app);
      expect((await other.post('/api/auth/login').send({ email: a.email, password: a.password })).status).toBe(200);
      clock.advance(60_000); // a clean window
      const remaining = async (agent: typeof other) => {
        const res = await agent.get('/api/auth/me');
        return res.status === 200 ? Number(res.headers['ratelimit-remaining']) : res.status;
      };
      expect(await remaining(a.agent)).toBe(4); // the key's first request here reads the shared count
      expect(await remaining(a.agent)).toBe(3); // counted in the process, written with the next upsert
      expect(await remaining(a.agent)).toBe(2); // half of the budget: upserts again, carrying the one above
      expect(await remaining(other)).toBe(1); // the other instance sees all three
      expect(await remaining(other)).toBe(0);
      expect(await remaining(other)).toBe(429);
      expect(await remaining(a.agent)).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('shares counters between instances on the same database', async () => {
    const second = await createApp({ ...t.deps, services: createServices(t.deps.config) });
    try {
      for (let i = 0; i < 5; i++) await badLogin(t.http, '10.0.0.3');
      for (let i = 0; i < 5; i++) expect((await badLogin(second.app, '10.0.0.3')).status).toBe(401);
      expect((await badLogin(second.app, '10.0.0.3')).status).toBe(429);
      expect((await badLogin(t.http, '10.0.0.3')).status).toBe(429);
    } finally {
      await second.close();
    }
  });
});
