/**
 * The organization's inbound channels (docs/communications.md, "Provider webhooks"): its inbound email address,
 * its phone numbers (E.164, unique across organizations, admin-managed) and its providers' webhook secrets
 * (stored encrypted, never returned), over REST and GraphQL.
 */
import { createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;
let a: Registered;
let b: Registered;

beforeAll(async () => {
  t = await createTestApp({ INBOUND_EMAIL_DOMAIN: 'In.Example.Test' });
  a = await t.registerOrg('Acme Rentals');
  b = await t.registerOrg('Beta');
});
afterAll(() => t.close());

describe('inbound email address', () => {
  it('is shown read-only in the organization settings and the channel settings, one per organization', async () => {
    const settings = await a.agent.get('/api/settings/organization').expect(200);
    expect(settings.body.inboundEmailAddress).toMatch(/^acme-rentals-[a-z0-9-]+-[0-9a-f]{10}@in\.example\.test$/);
    const channels = await a.agent.get('/api/settings/channels').expect(200);
    expect(channels.body.inboundEmailAddress).toBe(settings.body.inboundEmailAddress);
    const other = await b.agent.get('/api/settings/channels').expect(200);
    expect(other.body.inboundEmailAddress).not.toBe(settings.body.inboundEmailAddress);

    // Not writable: the update ignores nothing silently, it refuses the unknown field.
    const put = await a.agent.put('/api/settings/organization').send({ inboundEmailAddress: 'x@y.test' });
    expect(put.status).toBe(400);
    expect((await a.agent.get('/api/settings/organization')).body.inboundEmailAddress).toBe(
      settings.body.inboundEmailAddress,
    );
  });

  it('is in GraphQL too', async () => {
    const res = await t.gql<{ channelSettings: { inboundEmailAddress: string } }>(
      a.agent,
      '{ channelSettings { inboundEmailAddress } organizationSettings { inboundEmailAddress } }',
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.channelSettings.inboundEmailAddress).toMatch(/@in\.example\.test$/);
  });
});

describe('phone numbers', () => {
  it('an admin adds and removes E.164 numbers; another organization cannot take the same number', async () => {
    const added = await a.agent
      .post('/api/settings/phone-numbers')
      .send({ number: '+14155550101', label: 'Main line' })
      .expect(201);
    expect(added.body).toMatchObject({ number: '+14155550101', label: 'Main line', organizationId: a.organizationId });
    const taken = await b.agent.post('/api/settings/phone-numbers').send({ number: '+14155550101' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ error: 'Conflict', code: 'CONFLICT' });
    expect((await a.agent.get('/api/settings/channels')).body.phoneNumbers).toEqual([
      expect.objectContaining({ id: added.body.id, number: '+14155550101' }),
    ]);
    expect((await b.agent.get('/api/settings/channels')).body.phoneNumbers).toEqual([]);

    // Another organization's number is not found for it.
    expect((await b.agent.delete(`/api/settings/phone-numbers/${added.body.id}`)).status).toBe(404);
    await a.agent.delete(`/api/settings/phone-numbers/${added.body.id}`).expect(200);
    expect((await a.agent.get('/api/settings/channels')).body.phoneNumbers).toEqual([]);
  });

  it.each(['4155550101', '+0123', '+1 415 555 0101', '', 12345])('refuses %p with a validation error', async (n) => {
    const res = await a.agent.post('/api/settings/phone-numbers').send({ number: n });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });

  it('members read, only admins change', async () => {
    const user = await t.addMember(a.organizationId, 'user');
    await user.agent.get('/api/settings/channels').expect(200);
    expect((await user.agent.post('/api/settings/phone-numbers').send({ number: '+14155550199' })).status).toBe(403);
    expect(
      (await user.agent.put('/api/settings/webhook-secrets').send({ provider: 'generic', secret: 'x' })).status,
    ).toBe(403);
  });
});

describe('webhook secrets', () => {
  it('are set and cleared by an admin, stored encrypted, and only ever shown as configured true/false', async () => {
    const set = await a.agent
      .put('/api/settings/webhook-secrets')
      .send({ provider: 'generic', secret: 'generic-shared-secret' })
      .expect(200);
    expect(set.body.webhookSecrets).toEqual([
      { provider: 'generic', configured: true },
      { provider: 'postmark', configured: false },
      { provider: 'twilio', configured: false },
    ]);
    expect(JSON.stringify(set.body)).not.toContain('generic-shared-secret');
    const [row] = await t.sql<{ c: Record<string, string> }>(
      `select integration_credentials as c from organizations where id = $1`,
      [a.organizationId],
    );
    expect(row.c.inboundWebhookSecret).toMatch(/^v1\./);
    expect(JSON.stringify(row.c)).not.toContain('generic-shared-secret');

    // Twilio's secret is its auth token: the same credential as the settings' twilioAuthToken.
    await a.agent.put('/api/settings/webhook-secrets').send({ provider: 'twilio', secret: 'tw-token' }).expect(200);
    const settings = await a.agent.get('/api/settings/organization').expect(200);
    expect(settings.body.integrations).toContainEqual({ name: 'twilioAuthToken', isSet: true });

    const cleared = await a.agent.delete('/api/settings/webhook-secrets/generic').expect(200);
    expect(cleared.body.webhookSecrets[0]).toEqual({ provider: 'generic', configured: false });
    expect((await a.agent.delete('/api/settings/webhook-secrets/nope')).status).toBe(400);
    expect((await a.agent.put('/api/settings/webhook-secrets').send({ provider: 'generic', secret: '' })).status).toBe(
      400,
    );
  });
});
