import twilio from 'twilio';
import {
  fromTwilio as signedByTwilio,
  orgWithNumber as withNumber,
  PUBLIC_BASE_URL,
  TWILIO_TOKEN,
} from './support/twilio-calls';
import { twilioRecording, twilioSms, twilioTranscription } from './support/inbound-payloads';
import { createTestApp, TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_BASE_URL });
});
afterAll(() => t.close());

const TOKEN = TWILIO_TOKEN;
let seq = 0;
const form = (p: Record<string, string>) => new URLSearchParams(p).toString();
const fromTwilio = (path: string, params: Record<string, string>, token?: string) =>
  signedByTwilio(t, path, params, token);
const callSid = () => `CA${Date.now()}${++seq}`;

/** What a call wrote (Twilio's action URL is answered with TwiML, not ids): its activities and their memos. */
async function written(sid: string) {
  const rows = await t.sql<{ activity_id: string; contact_id: string; memo_id: string | null }>(
    `select a.id as activity_id, a.contact_id, m.id as memo_id from activities a
     left join voice_memos m on m.activity_id = a.id where a.provider = 'twilio' and a.external_id = $1`,
    [sid],
  );
  return rows.map((r) => ({ activityId: r.activity_id, contactId: r.contact_id, voiceMemoId: r.memo_id }));
}

/** Twilio's action URL answer: empty TwiML (the call goes on with no more instructions: it ends). */
function expectTwiml(res: { status: number; type: string; text: string }) {
  expect(res.status).toBe(200);
  expect(res.type).toBe('text/xml');
  expect(res.text).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
}

describe('a recorded Twilio call: POST /webhooks/twilio/recording, then /webhooks/twilio/transcription', () => {
  const TEXT = 'Hi, this is Sam. Please send the revised quote for the two excavators by Friday.';

  it('the recording logs the call and a pending memo; the transcript fills both and extracts the tasks, once', async () => {
    const org = await withNumber(t);
    const contact = await org.agent
      .post('/api/contacts')
      .send({ name: 'Sam Ortiz', phone: '+14158675309', status: 'customer' });
    const call = { to: org.number, callSid: callSid() };
    expectTwiml(await fromTwilio('/webhooks/twilio/recording', twilioRecording(call)));
    const [{ activityId, voiceMemoId, contactId }] = await written(call.callSid);
    expect(contactId).toBe(contact.body.id);
    expect((await org.agent.get(`/api/activities/${activityId}`)).body).toMatchObject({
      type: 'call',
      direction: 'inbound',
      source: 'webhook',
      durationSeconds: 42,
      provider: 'twilio',
      body: null,
      transcriptionStatus: 'pending',
      recordingUrl: expect.stringMatching(/^https:\/\/api\.twilio\.com\//),
    });
    expect((await org.agent.get(`/api/voice-memos/${voiceMemoId}`)).body).toMatchObject({
      status: 'pending',
      transcript: null,
      extractedTasks: [],
    });

    const transcribed = await fromTwilio(
      '/webhooks/twilio/transcription',
      twilioTranscription({ ...call, text: TEXT }),
    );
    expect(transcribed.status).toBe(200);
    expect(transcribed.body).toEqual({
      status: 'processed',
      activityId,
      voiceMemoId,
      contactId: contact.body.id,
      contactCreated: false,
    });
    const activity = (await org.agent.get(`/api/activities/${activityId}`)).body;
    expect(activity).toMatchObject({
      body: TEXT,
      transcriptionStatus: 'transcribed',
      sentimentLabel: expect.any(String),
      summary: expect.any(String),
    });
    const memo = (await org.agent.get(`/api/voice-memos/${voiceMemoId}`)).body;
    expect(memo).toMatchObject({ status: 'transcribed', transcript: TEXT, activityId, contactId: contact.body.id });
    expect(memo.extractedTasks.length).toBeGreaterThanOrEqual(1);
    expect(memo.extractedTasks[0]).toMatchObject({ isAiGenerated: true, source: 'voice_memo', sourceId: voiceMemoId });
    const events = await t.sql(`select 1 from outbox_events where organization_id = $1 and event = 'call.received'`, [
      org.organizationId,
    ]);
    expect(events).toHaveLength(1);

    // Twilio retries either callback: nothing more is written.
    const again = await fromTwilio('/webhooks/twilio/transcription', twilioTranscription({ ...call, text: TEXT }));
    expect(again.body).toMatchObject({ status: 'duplicate', activityId, voiceMemoId });
    expectTwiml(await fromTwilio('/webhooks/twilio/recording', twilioRecording(call)));
    expect(await written(call.callSid)).toEqual([{ activityId, voiceMemoId, contactId }]);
    expect((await org.agent.get('/api/voice-memos')).body.pagination.totalItems).toBe(1);
    expect((await org.agent.get('/api/tasks')).body.pagination.totalItems).toBe(memo.extractedTasks.length);
  });

  it('a transcript that arrives first logs the call with its text; the late recording callback is a duplicate', async () => {
    const org = await withNumber(t);
    const call = { to: org.number, from: '+12125550142', callSid: callSid() };
    const first = await fromTwilio('/webhooks/twilio/transcription', twilioTranscription({ ...call, text: TEXT }));
    expect(first.body).toMatchObject({ status: 'processed', contactCreated: true });
    expect((await org.agent.get(`/api/voice-memos/${first.body.voiceMemoId}`)).body).toMatchObject({
      status: 'transcribed',
      transcript: TEXT,
    });
    expectTwiml(await fromTwilio('/webhooks/twilio/recording', twilioRecording(call)));
    expect(await written(call.callSid)).toEqual([
      { activityId: first.body.activityId, voiceMemoId: first.body.voiceMemoId, contactId: first.body.contactId },
    ]);
  });

  it("Twilio's failed transcription fails the memo when the service cannot transcribe the recording itself", async () => {
    const org = await withNumber(t);
    const call = { to: org.number, callSid: callSid() };
    await fromTwilio('/webhooks/twilio/recording', twilioRecording(call));
    const [recorded] = await written(call.callSid);
    const failed = await fromTwilio(
      '/webhooks/twilio/transcription',
      twilioTranscription({ ...call, status: 'failed' }),
    );
    expect(failed.body).toMatchObject({ status: 'processed', voiceMemoId: recorded.voiceMemoId });
    expect((await org.agent.get(`/api/voice-memos/${recorded.voiceMemoId}`)).body).toMatchObject({
      status: 'failed',
      transcript: null,
    });
    expect((await org.agent.get(`/api/activities/${recorded.activityId}`)).body).toMatchObject({
      body: null,
      transcriptionStatus: 'failed',
    });
  });

  it('an unknown caller becomes an unknown contact', async () => {
    const org = await withNumber(t);
    const sid = callSid();
    await fromTwilio(
      '/webhooks/twilio/recording',
      twilioRecording({ to: org.number, from: '+12125550199', callSid: sid }),
    );
    const [{ contactId }] = await written(sid);
    expect((await org.agent.get(`/api/contacts/${contactId}`)).body).toMatchObject({
      status: 'unknown',
      phone: '+12125550199',
    });
  });

  it('both callbacks need X-Twilio-Signature over the public URL with the auth token; a wrong one writes nothing', async () => {
    const org = await withNumber(t);
    const call = { to: org.number, callSid: callSid() };
    for (const [path, params] of [
      ['/webhooks/twilio/recording', twilioRecording(call)],
      ['/webhooks/twilio/transcription', twilioTranscription({ ...call, text: TEXT })],
    ] as const) {
      const unsigned = await t.agent().post(path).type('form').send(form(params));
      expect(unsigned.status).toBe(401);
      expect(unsigned.body.code).toBe('INVALID_SIGNATURE');
      const otherToken = await fromTwilio(path, params, 'not-the-token');
      expect(otherToken.status).toBe(401);
      // Signed for another URL (the recording's signature replayed on the transcription path).
      const sig = twilio.getExpectedTwilioSignature(TOKEN, `${PUBLIC_BASE_URL}/webhooks/twilio/other`, params);
      const replayed = await t.agent().post(path).type('form').set('x-twilio-signature', sig).send(form(params));
      expect(replayed.status).toBe(401);
    }
    expect((await org.agent.get('/api/activities')).body.data).toEqual([]);
    expect((await fromTwilio('/webhooks/twilio/recording', twilioRecording(call))).status).toBe(200);
  });

  it('a call or transcript to a number no organization has writes nothing', async () => {
    const before = await t.sql('select count(*) as n from activities');
    const call = { to: '+19998887777', callSid: 'CAnobody' };
    expectTwiml(await fromTwilio('/webhooks/twilio/recording', twilioRecording(call), 'deployment-token'));
    const tr = await fromTwilio('/webhooks/twilio/transcription', twilioTranscription({ ...call, text: TEXT }));
    expect(tr.body).toEqual({ status: 'ignored', reason: 'unknown_number' });
    expect(await t.sql('select count(*) as n from activities')).toEqual(before);
  });
});

describe('POST /webhooks/{twilio,generic}/sms', () => {
  it("Twilio's messaging webhook logs an inbound sms on the contact with that number and answers empty TwiML", async () => {
    const org = await withNumber(t);
    const contact = await org.agent
      .post('/api/contacts')
      .send({ name: 'Lee Park', phone: '+16505551199', status: 'lead' });
    const res = await fromTwilio(
      '/webhooks/twilio/sms',
      twilioSms({ to: org.number, body: 'Is the boom lift still free on Saturday?', sid: `SM${Date.now()}` }),
    );
    expect(res.status).toBe(200);
    expect(res.text).toContain('<Response></Response>');
    const list = await org.agent.get(`/api/activities?contactId=${contact.body.id}&type=sms`);
    expect(list.body.data).toEqual([
      expect.objectContaining({ direction: 'inbound', body: 'Is the boom lift still free on Saturday?' }),
    ]);
  });

  it('the generic SMS shape works the same way', async () => {
    const org = await withNumber(t);
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
