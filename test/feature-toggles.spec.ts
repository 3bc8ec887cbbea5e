/**
 * The organization's feature toggles (settings.features, docs/accounts.md): an operation a user asks for while its
 * feature is off is a 403 naming the toggle; automatic work (extraction on a webhook, lead scores, the inbound
 * email flow) is skipped. Every feature is on by default.
 */
import { createTestApp, Registered, TestApp } from './support/test-app';
import { newCustomer, newLead } from './support/crm';

let t: TestApp;
let org: Registered;
beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Toggles');
});
afterAll(() => t.close());

async function setFeatures(features: Record<string, boolean>): Promise<void> {
  const res = await org.agent.put('/api/settings/organization').send({ features });
  expect(res.status).toBe(200);
  expect(res.body.features).toMatchObject(features);
}

const switchedOff = (feature: string) => ({
  code: 'FORBIDDEN',
  message: expect.stringContaining(`features.${feature}`),
});

describe('each toggle, off then on again', () => {
  afterEach(() =>
    setFeatures({
      aiTaskExtraction: true,
      leadScoring: true,
      emailAutoLink: true,
      voiceMemos: true,
      customerInsights: true,
    }),
  );

  it('voiceMemos: creating a memo is a 403; listing still works', async () => {
    await setFeatures({ voiceMemos: false });
    const res = await org.agent.post('/api/voice-memos').send({ transcript: 'Call Dana back tomorrow.' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject(switchedOff('voiceMemos'));
    expect((await org.agent.get('/api/voice-memos')).status).toBe(200);
  });

  it('aiTaskExtraction: asking a memo or an activity for tasks is a 403, and no task is made', async () => {
    const memo = await org.agent
      .post('/api/voice-memos')
      .send({ transcript: 'Send the revised quote to Dana by Friday.' });
    expect(memo.status).toBe(201);
    const contact = (await newCustomer(org.agent, { name: 'Dana' })).contactId as string;
    const activity = await org.agent.post('/api/activities').send({
      contactId: contact,
      type: 'call',
      direction: 'outbound',
      body: 'Promised to send the revised quote to Dana by Friday.',
    });
    expect(activity.status).toBe(201);
    await setFeatures({ aiTaskExtraction: false });
    for (const path of [
      `/api/voice-memos/${memo.body.id}/extract-tasks`,
      `/api/activities/${activity.body.id}/extract-tasks`,
    ]) {
      const res = await org.agent.post(path);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject(switchedOff('aiTaskExtraction'));
    }
    expect((await org.agent.get('/api/tasks')).body.data).toEqual([]);
    await setFeatures({ aiTaskExtraction: true });
    const on = await org.agent.post(`/api/voice-memos/${memo.body.id}/extract-tasks`);
    expect(on.status).toBe(200);
    expect(on.body.tasks.length).toBeGreaterThan(0);
  });

  it('customerInsights: the customer intelligence is a 403', async () => {
    const customer = await newCustomer(org.agent, { name: 'Insightful' });
    expect((await org.agent.get(`/api/customer-intelligence/${customer.id}`)).status).toBe(200);
    await setFeatures({ customerInsights: false });
    const res = await org.agent.get(`/api/customer-intelligence/${customer.id}`);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject(switchedOff('customerInsights'));
  });

  it('leadScoring: a new lead gets no score; scores come back once it is on', async () => {
    await setFeatures({ leadScoring: false });
    const lead = await newLead(org.agent, { leadName: 'Sam Rivera', email: 'sam@rivera.example' });
    expect(lead).toMatchObject({ score: null, scoreBand: null });
    expect((await org.agent.get(`/api/leads/${lead.id}`)).body).toMatchObject({ score: null });
    await setFeatures({ leadScoring: true });
    expect((await org.agent.get(`/api/leads/${lead.id}`)).body.score).toEqual(expect.any(Number));
  });

  it('emailAutoLink: an inbound email is answered 200 "ignored" and nothing is written', async () => {
    await setFeatures({ emailAutoLink: false });
    const to = (await org.agent.get('/api/settings/organization')).body.inboundEmailAddress;
    const before = await t.sql<{ n: string }>('select count(*) as n from activities where organization_id = $1', [
      org.organizationId,
    ]);
    const res = await t
      .agent()
      .post('/webhooks/generic/email')
      .send({
        messageId: '<toggle-1@mail.example>',
        from: { address: 'new.sender@example.com', name: 'New Sender' },
        to: [to],
        subject: 'Hello',
        text: 'Do you rent excavators?',
        receivedAt: '2026-11-20T14:00:00Z',
      });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ignored', reason: expect.stringContaining('emailAutoLink') });
    const after = await t.sql<{ n: string }>('select count(*) as n from activities where organization_id = $1', [
      org.organizationId,
    ]);
    expect(after).toEqual(before);
    expect(
      await t.sql('select 1 from contacts where organization_id = $1 and email = $2', [
        org.organizationId,
        'new.sender@example.com',
      ]),
    ).toEqual([]);
  });
});
