import { createTestApp, Registered, TestApp } from './support/test-app';
import { drain, emitEvents, testWorker, WebhookReceiver } from './support/webhook-receiver';
import { backoffMs, retryAfterMs, verdictOf } from '../src/events/retry-policy';
import { CredentialCipher } from '../src/lib/credential-cipher';

/** Default settings: private addresses are refused (the SSRF guard is on). */
let t: TestApp;
let admin: Registered;
/** Public unicast (the documentation ranges, 203.0.113/24 and the others, are refused); nothing connects to it. */
const PUBLIC_URL = 'https://93.184.216.34/hooks';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.registerOrg('Hooks');
});
afterAll(() => t.close());

describe('subscriptions over REST', () => {
  it('creates with 201 and shows the secret only in that response', async () => {
    const res = await admin.agent
      .post('/api/settings/webhooks')
      .send({ url: PUBLIC_URL, events: ['lead.created'], description: 'ERP' });
    expect(res.status).toBe(201);
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(res.body.subscription).toMatchObject({
      url: PUBLIC_URL,
      events: ['lead.created'],
      allEvents: false,
      active: true,
      description: 'ERP',
      disabledReason: null,
      consecutiveFailures: 0,
    });
    const id = res.body.subscription.id;

    const got = await admin.agent.get(`/api/settings/webhooks/${id}`);
    expect(got.status).toBe(200);
    expect(JSON.stringify(got.body)).not.toContain(res.body.secret);
    const list = await admin.agent.get('/api/settings/webhooks');
    expect(list.body.pagination.totalItems).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(list.body)).not.toContain(res.body.secret);
    // No GraphQL field exposes it either.
    const gql = await t.gql(admin.agent, `{ webhookSubscription(id: "${id}") { id secret } }`);
    expect(gql.errors?.[0].message).toMatch(/Cannot query field "secret"/);
  });

  it('updates only the fields sent, and deletes', async () => {
    const created = await admin.agent.post('/api/settings/webhooks').send({ url: PUBLIC_URL });
    const id = created.body.subscription.id;
    expect(created.body.subscription.allEvents).toBe(true);
    const upd = await admin.agent
      .put(`/api/settings/webhooks/${id}`)
      .send({ active: false, events: ['task.created', 'task.completed'] });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ id, url: PUBLIC_URL, active: false, events: ['task.created', 'task.completed'] });
    const del = await admin.agent.delete(`/api/settings/webhooks/${id}`);
    expect(del.body).toEqual({ id, deleted: true });
    expect((await admin.agent.get(`/api/settings/webhooks/${id}`)).status).toBe(404);
    expect((await admin.agent.get('/api/settings/webhooks/not-a-uuid')).status).toBe(404);
  });

  it('rotates the secret: a new one, shown once, the old one kept for the grace period', async () => {
    const created = await admin.agent.post('/api/settings/webhooks').send({ url: PUBLIC_URL });
    const id = created.body.subscription.id;
    const rotated = await admin.agent.post(`/api/settings/webhooks/${id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(created.body.secret);
    expect(new Date(rotated.body.subscription.previousSecretExpiresAt).getTime()).toBeGreaterThan(
      Date.now() + 23 * 3600_000,
    );
    const [row] = await t.sql<{ secret: string; previous_secret: string }>(
      'select secret, previous_secret from webhook_subscriptions where id = $1',
      [id],
    );
    expect(row.secret).not.toContain('whsec_'); // sealed at rest
    const cipher = new CredentialCipher(t.deps.config.sessionSecret);
    expect({ secret: cipher.decrypt(row.secret), previous: cipher.decrypt(row.previous_secret) }).toEqual({
      secret: rotated.body.secret,
      previous: created.body.secret,
    });
  });

  it.each([
    ['http://127.0.0.1:8080/x', 'loopback'],
    ['http://localhost/x', 'loopback by name'],
    ['http://10.1.2.3/x', 'private'],
    ['http://192.168.0.10/x', 'private'],
    ['http://169.254.169.254/latest/meta-data', 'link-local (cloud metadata)'],
    ['http://[::1]/x', 'IPv6 loopback'],
    ['http://[::ffff:127.0.0.1]/x', 'IPv4-mapped loopback'],
    ['http://[fd00::1]/x', 'IPv6 unique local'],
    ['ftp://93.184.216.34/x', 'not http(s)'],
    ['https://user:pw@93.184.216.34/x', 'credentials'],
    ['not a url', 'not a URL'],
  ])('refuses %s (%s) with 400 naming url, and saves nothing', async (url) => {
    const before = await t.sql<{ n: string }>('select count(*) as n from webhook_subscriptions');
    const res = await admin.agent.post('/api/settings/webhooks').send({ url });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Validation failed', code: 'VALIDATION_ERROR' });
    expect(res.body.details.map((d: { field: string }) => d.field)).toEqual(['url']);
    expect(await t.sql('select count(*) as n from webhook_subscriptions')).toEqual(before);
  });

  it('refuses a private URL on update too', async () => {
    const { body } = await admin.agent.post('/api/settings/webhooks').send({ url: PUBLIC_URL });
    const res = await admin.agent
      .put(`/api/settings/webhooks/${body.subscription.id}`)
      .send({ url: 'http://127.0.0.1/x' });
    expect(res.status).toBe(400);
    expect((await admin.agent.get(`/api/settings/webhooks/${body.subscription.id}`)).body.url).toBe(PUBLIC_URL);
  });

  it('refuses unknown event kinds, naming the field', async () => {
    const res = await admin.agent
      .post('/api/settings/webhooks')
      .send({ url: PUBLIC_URL, events: ['lead.created', 'lead.exploded'] });
    expect(res.status).toBe(400);
    expect(res.body.details[0].field).toBe('events');
  });

  it('is for admins: a user gets 403, a visitor 401', async () => {
    const user = await t.addMember(admin.organizationId, 'user');
    expect((await user.agent.get('/api/settings/webhooks')).status).toBe(403);
    expect((await user.agent.post('/api/settings/webhooks').send({ url: PUBLIC_URL })).status).toBe(403);
    expect((await t.agent().get('/api/settings/webhooks')).status).toBe(401);
  });

  it('hides another organization’s subscriptions (404 on every path)', async () => {
    const { body } = await admin.agent.post('/api/settings/webhooks').send({ url: PUBLIC_URL });
    const id = body.subscription.id;
    const other = await t.registerOrg('Other');
    for (const [method, path] of [
      ['get', `/api/settings/webhooks/${id}`],
      ['put', `/api/settings/webhooks/${id}`],
      ['delete', `/api/settings/webhooks/${id}`],
      ['post', `/api/settings/webhooks/${id}/rotate-secret`],
      ['post', `/api/settings/webhooks/${id}/ping`],
      ['get', `/api/settings/webhooks/${id}/deliveries`],
      ['get', `/api/settings/webhooks/${id}/attempts`],
    ] as const) {
      const res = await other.agent[method](path).send(method === 'put' ? { description: 'x' } : undefined);
      expect([path, res.status]).toEqual([path, 404]);
    }
    expect((await other.agent.get('/api/settings/webhooks')).body.data).toEqual([]);
  });
});

describe('subscriptions over GraphQL', () => {
  it('creates and lists with the same rules', async () => {
    const created = await t.gql<{
      createWebhookSubscription: { secret: string; subscription: { id: string; events: string[] } };
    }>(
      admin.agent,
      `mutation($input: WebhookSubscriptionInput!) { createWebhookSubscription(input: $input) { secret subscription { id events } } }`,
      { input: { url: PUBLIC_URL, events: ['opportunity.stage_changed'] } },
    );
    expect(created.errors).toBeUndefined();
    expect(created.data!.createWebhookSubscription.subscription.events).toEqual(['opportunity.stage_changed']);
    const refused = await t.gql(
      admin.agent,
      `mutation { createWebhookSubscription(input: { url: "http://10.0.0.1/" }) { secret } }`,
    );
    expect(refused.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
  });
});

describe('the guard at connection time', () => {
  it.each([
    ['localhost', 'a name that resolves to loopback (DNS changed after saving)'],
    ['127.0.0.1', 'a loopback address'],
  ])('never connects to %s (%s)', async (host) => {
    const receiver = await new WebhookReceiver().start();
    try {
      const org = await t.registerOrg('Rebind');
      const { body } = await org.agent.post('/api/settings/webhooks').send({ url: PUBLIC_URL });
      const port = new URL(receiver.url).port;
      await t.sql('update webhook_subscriptions set url = $1 where id = $2', [
        `http://${host}:${port}/hook`,
        body.subscription.id,
      ]);
      await emitEvents(t, org.organizationId, 1);
      await drain(testWorker(t));
      expect(receiver.received).toHaveLength(0);
      const [attempt] = await t.sql<{ error: string; status_code: number | null }>(
        'select error, status_code from webhook_attempts where subscription_id = $1',
        [body.subscription.id],
      );
      expect(attempt).toEqual({ error: expect.stringMatching(/private address/), status_code: null });
    } finally {
      await receiver.close();
    }
  });
});

describe('retry policy', () => {
  it('classifies responses', () => {
    expect([200, 204, 299].map(verdictOf)).toEqual(['delivered', 'delivered', 'delivered']);
    expect([undefined, 408, 429, 500, 503].map(verdictOf)).toEqual(['retry', 'retry', 'retry', 'retry', 'retry']);
    expect([301, 400, 401, 404, 422].map(verdictOf)).toEqual(['final', 'final', 'final', 'final', 'final']);
    expect(verdictOf(410)).toBe('gone');
  });

  it('backs off exponentially with jitter, capped at 6 hours', () => {
    expect(backoffMs(1, () => 0)).toBe(5_000);
    expect(backoffMs(1, () => 1)).toBe(10_000);
    expect(backoffMs(4, () => 0)).toBe(40_000);
    expect(backoffMs(30, () => 1)).toBe(6 * 3600_000);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = new Date('2026-11-22T05:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Sun, 22 Nov 2026 05:02:00 GMT', now)).toBe(120_000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs('999999', now)).toBe(24 * 3600_000);
  });
});
