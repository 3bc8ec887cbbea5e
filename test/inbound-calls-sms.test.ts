import { twilioSignature } from '../src/http/inbound-signatures';
import { twilioRecording, twilioSms } from './support/inbound-payloads';
import { createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_BASE_URL: 'https://crm.example.test' });
});
afterAll(() => t.close());

let seq = 0;
/** An organization with its own phone number (numbers are unique across organizations). */
async function orgWithNumber(): Promise<Registered & { number: string }> {
  const org = await t.registerOrg('Phones');
  const number = `+1415${String(Date.now() % 1_000_000).padStart(6, '0')}${++seq % 10}`;
  const res = await org.agent.post('/api/settings/phone-numbers').send({ number, label: 'Main line' });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return { ...org, number };
}

const form = (p: Record<string, string>) => new URLSearchParams(p).toString();

describe('POST /webhooks/twilio/recording', () => {
  it('a call from a known number: a voice-call activity on that contact, a transcribed memo whose tasks are extracted, call.received; a retry adds nothing', async () => {
    const org = await orgWithNumber();
    const contact = await org.agent
      .post('/api/contacts')
      .send({ name: 'Sam Ortiz', phone: '+14158675309', status: 'customer' });
    const params = twilioRecording({
      to: org.number,
      callSid: `CA${org.organizationId.replace(/-/g, '')}`,
      transcript: 'Hi, this is Sam. Please send the revised quote for the two excavators by Friday.',
    });
    const post = () => t.agent().post('/webhooks/twilio/recording').type('form').send(form(params));
    const res = await post();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'processed', contactId: contact.body.id, contactCreated: false });

    const activity = await org.agent.get(`/api/activities/${res.body.activityId}`);
    expect(activity.body).toMatchObject({
      type: 'call',
      direction: 'inbound',
      source: 'webhook',
      durationSeconds: 42,
      provider: 'twilio',
    });
    expect(activity.body.recordingUrl).toMatch(/^https:\/\/api\.twilio\.com\//);
    const memo = await org.agent.get(`/api/voice-memos/${res.body.voiceMemoId}`);
    expect(memo.body).toMatchObject({
      status: 'transcribed',
      activityId: res.body.activityId,
      contactId: contact.body.id,
    });
    expect(memo.body.extractedTasks.length).toBeGreaterThanOrEqual(1);
    expect(memo.body.extractedTasks[0]).toMatchObject({
      isAiGenerated: true,
      source: 'voice_memo',
      sourceId: memo.body.id,
    });
    const events = await t.sql(`select 1 from outbox_events where organization_id = $1 and event = 'call.received'`, [
      org.organizationId,
    ]);
    expect(events).toHaveLength(1);

    const again = await post();
    expect(again.body).toMatchObject({ status: 'duplicate', activityId: res.body.activityId });
    expect((await org.agent.get('/api/voice-memos')).body.pagination.totalItems).toBe(1);
    expect((await org.agent.get('/api/tasks')).body.pagination.totalItems).toBe(memo.body.extractedTasks.length);
  });

  it('an unknown caller becomes an unknown contact; without a transcript the memo waits as pending', async () => {
    const org = await orgWithNumber();
    const res = await t
      .agent()
      .post('/webhooks/twilio/recording')
      .type('form')
      .send(form(twilioRecording({ to: org.number, from: '+12125550199', callSid: `CA${Date.now()}` })));
    expect(res.body.contactCreated).toBe(true);
    expect((await org.agent.get(`/api/contacts/${res.body.contactId}`)).body).toMatchObject({
      status: 'unknown',
      phone: '+12125550199',
    });
    expect((await org.agent.get(`/api/voice-memos/${res.body.voiceMemoId}`)).body).toMatchObject({
      status: 'pending',
      transcript: null,
    });
  });

  it("with the organization's Twilio auth token set, X-Twilio-Signature over the public URL and sorted parameters is required", async () => {
    const org = await orgWithNumber();
    await org.agent
      .put('/api/settings/webhook-secrets')
      .send({ provider: 'twilio', secret: 'tw-auth-token' })
      .expect(200);
    const params = twilioRecording({ to: org.number, callSid: `CA${Date.now()}signed` });
    const bad = await t
      .agent()
      .post('/webhooks/twilio/recording')
      .type('form')
      .set('x-twilio-signature', 'AAAA')
      .send(form(params));
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe('INVALID_SIGNATURE');
    expect((await org.agent.get('/api/activities')).body.data).toEqual([]);
    const sig = twilioSignature('tw-auth-token', 'https://crm.example.test/webhooks/twilio/recording', params);
    const ok = await t
      .agent()
      .post('/webhooks/twilio/recording')
      .type('form')
      .set('x-twilio-signature', sig)
      .send(form(params));
    expect(ok.status).toBe(200);
  });

  it('a call to a number no organization has writes nothing', async () => {
    const before = await t.sql('select count(*) as n from activities');
    const res = await t
      .agent()
      .post('/webhooks/twilio/recording')
      .type('form')
      .send(form(twilioRecording({ to: '+19998887777', callSid: 'CAnobody' })));
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ignored');
    expect(await t.sql('select count(*) as n from activities')).toEqual(before);
  });
});

describe('POST /webhooks/{twilio,generic}/sms', () => {
  it("Twilio's messaging webhook logs an inbound sms on the contact with that number and answers empty TwiML", async () => {
    const org = await orgWithNumber();
    const contact = await org.agent
      .post('/api/contacts')
      .send({ name: 'Lee Park', phone: '+16505551199', status: 'lead' });
    const res = await t
      .agent()
      .post('/webhooks/twilio/sms')
      .type('form')
      .send(
        form(twilioSms({ to: org.number, body: 'Is the boom lift still free on Saturday?', sid: `SM${Date.now()}` })),
      );
    expect(res.status).toBe(200);
    expect(res.text).toContain('<Response></Response>');
    const list = await org.agent.get(`/api/activities?contactId=${contact.body.id}&type=sms`);
    expect(list.body.data).toEqual([
      expect.objectContaining({ direction: 'inbound', body: 'Is the boom lift still free on Saturday?' }),
    ]);
  });

  it('the generic SMS shape works the same way', async () => {
    const org = await orgWithNumber();
    const res = await t
      .agent()
      .post('/webhooks/generic/sms')
      .send({
        messageId: `gen-${Date.now()}`,
        from: '+13125550123',
        to: org.number,
        body: 'Thanks, the generator works great!',
      });
    expect(res.status).toBe(200);
    const a = await org.agent.get(`/api/activities/${res.body.activityId}`);
    expect(a.body).toMatchObject({ type: 'sms', sentimentLabel: 'positive' });
  });
});
