import request from 'supertest';
import { clock } from '../src/lib/clock';
import { apiKey, freshRateWindow } from './support/accounts';
import { createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;
let org: Registered;
beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Keys');
});
afterAll(async () => {
  clock.reset();
  await t.close();
});

const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` });

describe('API keys', () => {
  it('shows the secret once, stores only its digest, and lists keys without secrets', async () => {
    const res = await org.agent.post('/api/api-keys').send({ name: 'Zapier', role: 'user' });
    expect(res.status).toBe(201);
    const { secret, apiKey: key } = res.body;
    expect(secret).toMatch(/^crm_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({
      name: 'Zapier',
      role: 'user',
      prefix: secret.slice(0, 12),
      organizationId: org.organizationId,
      lastUsedAt: null,
      revokedAt: null,
    });
    const rows = await t.sql<{ key_digest: string }>('select key_digest from api_keys where id = $1', [key.id]);
    expect(rows[0].key_digest).not.toContain(secret);
    expect(rows[0].key_digest).toBe(t.deps.services.sessions.digest(secret));
    const list = await org.agent.get('/api/api-keys');
    expect(list.status).toBe(200);
    expect(list.body.data.map((k: { id: string }) => k.id)).toContain(key.id);
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(12));
  });

  it('Bearer authenticates /api and /graphql as the organization with the key’s role, and records last use', async () => {
    const { secret, id } = await apiKey(org.agent, 'user');
    const me = await request(t.http).get('/api/auth/me').set(bearer(secret));
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      organization: { id: org.organizationId },
      authenticatedBy: 'api_key',
      isImpersonating: false,
    });
    expect((await request(t.http).get('/api/organization/users').set(bearer(secret))).status).toBe(200);
    expect(
      (await request(t.http).put('/api/settings/organization').set(bearer(secret)).send({ name: 'X' })).status,
    ).toBe(403);
    const gql = await request(t.http)
      .post('/graphql')
      .set(bearer(secret))
      .send({ query: '{ users { pagination { totalItems } } }' });
    expect(gql.body.data.users.pagination.totalItems).toBe(1);
    const [row] = await t.sql<{ last_used_at: Date | null }>('select last_used_at from api_keys where id = $1', [id]);
    expect(row.last_used_at).not.toBeNull();

    const admin = await apiKey(org.agent, 'admin');
    expect(
      (await request(t.http).put('/api/settings/organization').set(bearer(admin.secret)).send({ city: 'Keyville' }))
        .status,
    ).toBe(200);
    // A key cannot mint keys.
    expect(
      (await request(t.http).post('/api/api-keys').set(bearer(admin.secret)).send({ name: 'child', role: 'admin' }))
        .status,
    ).toBe(403);
  });

  it('/api/auth/me and GraphQL me show the key’s role and the key, never its secret; a session shows its own role', async () => {
    const { secret, id } = await apiKey(org.agent, 'user');
    const me = await request(t.http).get('/api/auth/me').set(bearer(secret));
    expect(me.status).toBe(200);
    // The requests act for the admin who created the key, with the key's role.
    expect(me.body).toMatchObject({
      user: { id: org.userId, role: 'admin' },
      authenticatedBy: 'api_key',
      role: 'user',
      apiKey: { id, name: expect.any(String), prefix: secret.slice(0, 12), role: 'user', revokedAt: null },
    });
    expect(JSON.stringify(me.body)).not.toContain(secret.slice(12));
    expect(me.body.apiKey).not.toHaveProperty('secret');

    const gql = await request(t.http)
      .post('/graphql')
      .set(bearer(secret))
      .send({ query: '{ me { role authenticatedBy apiKey { id name prefix role } } }' });
    expect(gql.body).toEqual({
      data: {
        me: {
          role: 'user',
          authenticatedBy: 'api_key',
          apiKey: { id, name: expect.any(String), prefix: secret.slice(0, 12), role: 'user' },
        },
      },
    });

    const session = await org.agent.get('/api/auth/me');
    expect(session.body).toMatchObject({ authenticatedBy: 'session', role: 'admin', apiKey: null });
    const member = await t.addMember(org.organizationId, 'user');
    expect((await member.agent.get('/api/auth/me')).body).toMatchObject({ role: 'user', apiKey: null });
  });

  it('a revoked key is 401 at once; a bad or malformed bearer is 401 and never falls back to the cookie', async () => {
    const { secret, id } = await apiKey(org.agent, 'admin');
    expect((await request(t.http).get('/api/auth/me').set(bearer(secret))).status).toBe(200);
    const revoked = await org.agent.delete(`/api/api-keys/${id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).toEqual(expect.any(String));
    const res = await request(t.http).get('/api/auth/me').set(bearer(secret));
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
    expect(
      (await request(t.http).post('/graphql').set(bearer(secret)).send({ query: '{ me { isImpersonating } }' })).body
        .errors[0].extensions.code,
    ).toBe('UNAUTHENTICATED');
    expect((await request(t.http).get('/api/auth/me').set(bearer('crm_not-a-key'))).status).toBe(401);
    expect((await org.agent.get('/api/auth/me').set('Authorization', 'Basic abc')).status).toBe(401);
    const active = await org.agent.get('/api/api-keys');
    expect(active.body.data.map((k: { id: string }) => k.id)).not.toContain(id);
    const all = await org.agent.get('/api/api-keys').query({ state: 'all' });
    expect(all.body.data.map((k: { id: string }) => k.id)).toContain(id);
  });

  it('an expired key is 401 at once; the expiry must be in the future', async () => {
    const expiresAt = new Date(clock.nowMs() + 3600 * 1000).toISOString();
    const { secret } = await apiKey(org.agent, 'user', { expiresAt });
    expect((await request(t.http).get('/api/auth/me').set(bearer(secret))).status).toBe(200);
    clock.advance(3600 * 1000 + 1000);
    try {
      expect((await request(t.http).get('/api/auth/me').set(bearer(secret))).status).toBe(401);
    } finally {
      clock.reset();
    }
    const past = await org.agent
      .post('/api/api-keys')
      .send({ name: 'old', role: 'user', expiresAt: '2001-01-01T00:00:00Z' });
    expect(past.status).toBe(400);
    expect(past.body.details[0].field).toBe('expiresAt');
    const bad = await org.agent.post('/api/api-keys').send({ name: '', role: 'super_admin', expiresAt: 'tomorrow' });
    expect(bad.status).toBe(400);
  });

  it('is admin only, and another organization’s key is 404', async () => {
    const user = await t.addMember(org.organizationId, 'user');
    expect((await user.agent.post('/api/api-keys').send({ name: 'n', role: 'user' })).status).toBe(403);
    expect((await user.agent.get('/api/api-keys')).status).toBe(403);
    const other = await t.registerOrg('OtherKeys');
    const { id } = await apiKey(other.agent, 'user');
    expect((await org.agent.delete(`/api/api-keys/${id}`)).status).toBe(404);
  });

  it('rate limits count per key', async () => {
    const limited = await createTestApp({ RATE_LIMIT_READ: '2' });
    try {
      const o = await limited.registerOrg('Limited');
      const a = await apiKey(o.agent, 'user');
      const b = await apiKey(o.agent, 'user');
      freshRateWindow();
      const get = (secret: string) => request(limited.http).get('/api/auth/me').set(bearer(secret));
      expect((await get(a.secret)).status).toBe(200);
      expect((await get(a.secret)).status).toBe(200);
      const third = await get(a.secret);
      expect(third.status).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
      expect((await get(b.secret)).status).toBe(200);
    } finally {
      clock.reset();
      await limited.close();
    }
  });
});
