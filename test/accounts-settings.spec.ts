import { createTestApp, Registered, TestApp } from './support/test-app';
import { fields } from './support/accounts';

let t: TestApp;
let org: Registered;
let member: Registered;
beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Settings');
  member = await t.addMember(org.organizationId, 'user');
});
afterAll(() => t.close());

const VALID = {
  name: 'Acme Rentals',
  phone: '+14155550123',
  email: 'Office@Acme.example',
  website: 'https://acme.example/home',
  address1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  businessHoursStart: '08:00',
  businessHoursEnd: '17:30',
  timezone: 'America/Chicago',
};

describe('GET/PUT /api/settings/organization', () => {
  it('more concurrent updates of one organization than the pool has connections all succeed (no pool starvation)', async () => {
    // Each update holds the organization's row lock until it commits; a statement of its own that ran on a second
    // pooled connection (outside the transaction) waited for a connection held by an update waiting for that lock.
    const states = Array.from({ length: 12 }, (_, i) => `S${i}`);
    const res = await Promise.all(states.map((state) => org.agent.put('/api/settings/organization').send({ state })));
    // Starved, they wait until the request deadline and answer 503 (or the test times out): no timing needed.
    expect(res.map((r) => r.status)).toEqual(states.map(() => 200));
  });

  it('an admin sets every spec field; members read them', async () => {
    const put = await org.agent.put('/api/settings/organization').send(VALID);
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ ...VALID, email: 'office@acme.example', id: org.organizationId });
    const get = await member.agent.get('/api/settings/organization');
    expect(get.status).toBe(200);
    expect(get.body).toMatchObject({ ...VALID, email: 'office@acme.example' });
    expect(get.body.features).toEqual({
      aiTaskExtraction: true,
      leadScoring: true,
      emailAutoLink: true,
      voiceMemos: true,
      customerInsights: true,
      aiOpportunities: true,
    });
  });

  it('is admin only for PUT (403 for a user, 401 without a session) and changes nothing then', async () => {
    expect((await member.agent.put('/api/settings/organization').send({ name: 'Hijacked' })).status).toBe(403);
    expect((await t.agent().put('/api/settings/organization').send({ name: 'Hijacked' })).status).toBe(401);
    expect((await org.agent.get('/api/settings/organization')).body.name).toBe('Acme Rentals');
  });

  it('names every invalid field in one 400 VALIDATION_ERROR and writes nothing', async () => {
    const res = await org.agent.put('/api/settings/organization').send({
      name: '',
      phone: '555-1234',
      email: 'nope',
      website: 'ftp://acme.example',
      businessHoursStart: '8:00',
      businessHoursEnd: '25:00',
      timezone: 'Mars/Olympus',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(fields(res.body)).toEqual([
      'businessHoursEnd',
      'businessHoursStart',
      'email',
      'name',
      'phone',
      'timezone',
      'website',
    ]);
    expect((await org.agent.get('/api/settings/organization')).body).toMatchObject({
      ...VALID,
      email: 'office@acme.example',
    });
  });

  it('refuses business hours that do not start before they end, also against the stored value', async () => {
    const both = await org.agent
      .put('/api/settings/organization')
      .send({ businessHoursStart: '18:00', businessHoursEnd: '09:00' });
    expect(both.status).toBe(400);
    expect(fields(both.body)).toEqual(['businessHoursEnd']);
    const one = await org.agent.put('/api/settings/organization').send({ businessHoursEnd: '07:00' }); // stored start is 08:00
    expect(one.status).toBe(400);
    expect(fields(one.body)).toEqual(['businessHoursEnd']);
    const equal = await org.agent
      .put('/api/settings/organization')
      .send({ businessHoursStart: '09:00', businessHoursEnd: '09:00' });
    expect(equal.status).toBe(400);
  });

  it('leaves omitted fields unchanged and clears a field given as null', async () => {
    const res = await org.agent.put('/api/settings/organization').send({ city: 'Peoria', website: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ city: 'Peoria', website: null, phone: VALID.phone, timezone: VALID.timezone });
  });

  it('validates feature toggles and AI settings and merges them key by key', async () => {
    const bad = await org.agent
      .put('/api/settings/organization')
      .send({ features: { leadScoring: 'yes' }, aiSettings: { provider: 'skynet', hotLeadThreshold: 9 } });
    expect(bad.status).toBe(400);
    expect(fields(bad.body)).toEqual(expect.arrayContaining(['features.leadScoring']));
    const unknown = await org.agent.put('/api/settings/organization').send({ features: { selfDestruct: true } });
    expect(unknown.status).toBe(400);
    expect(fields(unknown.body)).toEqual(['features.selfDestruct']);
    const range = await org.agent.put('/api/settings/organization').send({ aiSettings: { hotLeadThreshold: 9 } });
    expect(range.status).toBe(400);
    expect(fields(range.body)).toEqual(['aiSettings.hotLeadThreshold']);
    await org.agent
      .put('/api/settings/organization')
      .send({ features: { voiceMemos: false }, aiSettings: { provider: 'openai', model: 'gpt-4o-mini' } })
      .expect(200);
    const ok = await org.agent.put('/api/settings/organization').send({ features: { leadScoring: false } });
    expect(ok.body.features).toMatchObject({ voiceMemos: false, leadScoring: false, aiTaskExtraction: true });
    expect(ok.body.aiSettings).toEqual({
      provider: 'openai',
      model: 'gpt-4o-mini',
      autoEnrichHotLeads: true,
      hotLeadThreshold: 6,
      externalModel: true,
      monthlyCallBudget: null,
      callsThisMonth: 0,
      targetKeywords: [],
      opportunityMode: 'create',
    });
  });

  it('stores integration credentials encrypted, never returns them, and reports whether each is set', async () => {
    const secret = 'sk-test-very-secret-value-123';
    const res = await org.agent
      .put('/api/settings/organization')
      .send({ integrations: { openaiApiKey: secret, twilioAuthToken: 'tw-secret' } });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(secret);
    const status = Object.fromEntries(
      res.body.integrations.map((i: { name: string; isSet: boolean }) => [i.name, i.isSet]),
    );
    expect(status).toMatchObject({ openaiApiKey: true, twilioAuthToken: true, googlePlacesApiKey: false });
    const [row] = await t.sql<{ c: string }>(
      'select integration_credentials::text as c from organizations where id = $1',
      [org.organizationId],
    );
    expect(row.c).not.toContain(secret);
    expect(row.c).toContain('v1.');
    const em = t.orm.em.fork();
    em.setFilterParams('tenant', { organizationId: org.organizationId });
    expect(await t.deps.services.organizationSettings.credential(em, org.organizationId, 'openaiApiKey')).toBe(secret);
    const get = await org.agent.get('/api/settings/organization');
    expect(JSON.stringify(get.body)).not.toContain(secret);
    const cleared = await org.agent.put('/api/settings/organization').send({ integrations: { twilioAuthToken: null } });
    expect(cleared.body.integrations.find((i: { name: string }) => i.name === 'twilioAuthToken').isSet).toBe(false);
    expect(cleared.body.integrations.find((i: { name: string }) => i.name === 'openaiApiKey').isSet).toBe(true);
  });

  it('works the same through GraphQL', async () => {
    const res = await t.gql<{ updateOrganizationSettings: { phone: string } }>(
      org.agent,
      'mutation($i: UpdateOrganizationSettingsInput!) { updateOrganizationSettings(input: $i) { phone timezone } }',
      { i: { phone: '+442071838750', timezone: 'Europe/London' } },
    );
    expect(res.data?.updateOrganizationSettings).toEqual({ phone: '+442071838750', timezone: 'Europe/London' });
    const bad = await t.gql(org.agent, 'mutation { updateOrganizationSettings(input: { phone: "12" }) { phone } }');
    expect(bad.errors?.[0].extensions).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'phone' }] });
    const denied = await t.gql(member.agent, 'mutation { updateOrganizationSettings(input: { name: "X" }) { name } }');
    expect(denied.errors?.[0].extensions.code).toBe('FORBIDDEN');
  });
});
