import { EventEmitter } from 'node:events';
import { createTestApp, Registered, TestApp } from './support/test-app';
import { PrincipalCache, type ListenConnection } from '../src/modules/accounts/auth/principal-cache';
import { clock } from '../src/lib/clock';
import { statementsOf } from './support/statements';

/**
 * Session principals kept in memory (src/modules/accounts/auth/principal-cache.ts): a request of a known session
 * sends no lookup, and every change of a session or user row, whoever writes it, is seen by the next requests:
 * at once for this process's own writes, on the database's notification for any other writer (another instance,
 * plain SQL). Without the LISTEN connection, every request reads the database again.
 */
let t: TestApp;

const lookups = (sql: string[]) => sql.filter((s) => s.includes('crm_session_principal')).length;

/** Retries `check` for up to 3 s: a notification from another connection arrives asynchronously. */
async function eventually(check: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + 3_000;
  for (;;) {
    try {
      return await check();
    } catch (e) {
      if (Date.now() > deadline) throw e;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => clock.reset());

describe('over HTTP', () => {
  let org: Registered;
  beforeEach(async () => {
    org = await t.registerOrg('Principal cache');
  });

  it('reads a session once, then answers from memory', async () => {
    expect((await org.agent.get('/api/auth/me')).status).toBe(200);
    const sql = await statementsOf(t, async () => {
      for (let i = 0; i < 3; i++) expect((await org.agent.get('/api/auth/me')).status).toBe(200);
    });
    expect(lookups(sql)).toBe(0);
  });

  it('a session deleted by plain SQL (another writer) stops working once its notification arrives', async () => {
    expect((await org.agent.get('/api/auth/me')).status).toBe(200);
    await t.sql('delete from sessions where user_id = $1', [org.userId]);
    await eventually(async () => expect((await org.agent.get('/api/auth/me')).status).toBe(401));
  });

  it('a role changed by plain SQL is the role of the next requests once its notification arrives', async () => {
    const admin = await t.addMember(org.organizationId, 'admin'); // the organization keeps an admin
    expect((await admin.agent.get('/api/organization/invitations')).status).toBe(200);
    await t.sql(`update users set role = 'user' where id = $1`, [admin.userId]);
    // the principal's role decides the access rules: what a user may not do
    await eventually(async () => expect((await admin.agent.get('/api/organization/invitations')).status).toBe(403));
  });

  it("this process's own writes apply to its very next request: logout, removal from the team", async () => {
    const member = await t.addMember(org.organizationId, 'user');
    expect((await member.agent.get('/api/auth/me')).status).toBe(200);
    expect((await org.agent.delete(`/api/organization/users/${member.userId}`)).status).toBe(200);
    expect((await member.agent.get('/api/auth/me')).status).toBe(401);
    expect((await org.agent.post('/api/auth/logout')).status).toBeLessThan(300);
    expect((await org.agent.get('/api/auth/me')).status).toBe(401);
  });

  it('a kept session is not used past its idle expiry', async () => {
    expect((await org.agent.get('/api/auth/me')).status).toBe(200);
    clock.advance(8 * 24 * 3600 * 1000);
    const res = await org.agent.get('/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('SESSION_EXPIRED');
  });

  it('without its LISTEN connection every request reads the database; it comes back by itself', async () => {
    expect((await org.agent.get('/api/auth/me')).status).toBe(200);
    await t.sql(
      `select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen crm_principal' and datname = current_database()`,
    );
    await eventually(async () => {
      const sql = await statementsOf(t, () => org.agent.get('/api/auth/me'));
      expect(lookups(sql)).toBe(1);
    });
    await eventually(async () => {
      await org.agent.get('/api/auth/me');
      const sql = await statementsOf(t, () => org.agent.get('/api/auth/me'));
      expect(lookups(sql)).toBe(0); // reconnected: a request after a first one answers from memory again
    });
  });
});

describe('PrincipalCache', () => {
  const connection = () =>
    Object.assign(new EventEmitter(), { query: async () => undefined }) as unknown as ListenConnection & EventEmitter;
  const times = { now: 1_000, expiresAt: 100_000 };

  it('keeps nothing until it listens, and forgets everything when the connection ends', async () => {
    const cache = new PrincipalCache<string>({ maxAgeMs: 60_000, maxEntries: 10 });
    cache.put('a', 'row', ['u1'], times, cache.mark());
    expect(cache.get('a', 2_000)).toBeUndefined();
    const c = connection();
    const lost = jest.fn();
    await cache.attach(c, lost);
    cache.put('a', 'row', ['u1'], times, cache.mark());
    expect(cache.get('a', 2_000)).toBe('row');
    c.emit('end');
    expect(lost).toHaveBeenCalledTimes(1);
    expect(cache.get('a', 2_000)).toBeUndefined();
    expect(cache.listening).toBe(false);
  });

  it('does not keep a row read while an invalidation arrived, and honours expiry, age and size', async () => {
    const cache = new PrincipalCache<string>({ maxAgeMs: 5_000, maxEntries: 2 });
    const c = connection();
    await cache.attach(c, () => undefined);
    const mark = cache.mark();
    c.emit('notification', { channel: 'crm_principal', payload: 's:other' });
    cache.put('a', 'stale', ['u1'], times, mark);
    expect(cache.get('a', 2_000)).toBeUndefined();

    cache.put('a', 'row', ['u1'], { now: 1_000, expiresAt: 3_000 }, cache.mark());
    expect(cache.get('a', 2_999)).toBe('row');
    expect(cache.get('a', 3_000)).toBeUndefined(); // the session's expiry
    cache.put('b', 'row', ['u1'], times, cache.mark());
    expect(cache.get('b', 6_000)).toBeUndefined(); // maxAgeMs after it was read
    for (const k of ['c', 'd', 'e']) cache.put(k, k, ['u2'], times, cache.mark());
    expect([cache.get('c', 2_000), cache.get('d', 2_000), cache.get('e', 2_000)]).toEqual([undefined, 'd', 'e']);
  });

  it('forgets by session, by user (own or impersonated) and everything', async () => {
    const cache = new PrincipalCache<string>({ maxAgeMs: 60_000, maxEntries: 10 });
    const c = connection();
    await cache.attach(c, () => undefined);
    const fill = () => {
      cache.put('s1', 'one', ['u1'], times, cache.mark());
      cache.put('s2', 'two', ['admin', 'u1'], times, cache.mark());
      cache.put('s3', 'three', ['u3'], times, cache.mark());
    };
    const kept = () => ['s1', 's2', 's3'].filter((k) => cache.get(k, 2_000));
    fill();
    c.emit('notification', { channel: 'crm_principal', payload: 's:s3' });
    expect(kept()).toEqual(['s1', 's2']);
    c.emit('notification', { channel: 'crm_principal', payload: 'u:u1' });
    expect(kept()).toEqual([]);
    fill();
    c.emit('notification', { channel: 'crm_principal', payload: '*' });
    expect(kept()).toEqual([]);
  });
});
