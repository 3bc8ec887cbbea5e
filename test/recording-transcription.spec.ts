/**
 * Issue 27 part 2: a call recording is transcribed by the service. Twilio's signed recording callback queues a
 * pg-boss job in the webhook's own transaction; the worker fetches the recording from a loopback fake of Twilio's
 * media host (basic credentials AccountSid:AuthToken, a redirect to a storage host that must not see them), sends
 * the real WAV to a loopback OpenAI-compatible /v1/audio/transcriptions, and the memo and activity move pending ->
 * transcribed, with the tasks extracted; or -> failed when the retries are spent.
 */
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TENANT_FILTER } from '../src/db/tenant-filter';
import { withTenantAccess } from '../src/db/access';
import { recordingTranscriptionJob } from '../src/modules/communications/voice-memos/recording-transcription.job';
import type { RecordingJob } from '../src/modules/communications/voice-memos/call-transcript.service';
import type { CommunicationsServices } from '../src/modules/communications/communications.services';
import { sharedDeps } from '../src/composition';
import { FakeOpenAi, status } from './support/fake-openai-server';
import { twilioRecording, twilioTranscription } from './support/inbound-payloads';
import { createTestApp, Registered, TestApp } from './support/test-app';
import { sineWav } from './support/wav';
import {
  fromTwilio as signedByTwilio,
  orgWithNumber as withNumber,
  PUBLIC_BASE_URL,
  TWILIO_TOKEN,
} from './support/twilio-calls';

const ACCOUNT = 'AC00000000000000000000000000000000';
const TOKEN = TWILIO_TOKEN;
const SPOKEN = 'Hi, this is Dana. Please send the quote for the scissor lift by Friday.';
const WAV = sineWav(1);

/** A loopback HTTP server whose answers the test writes; it records every request it gets. */
class FakeHost {
  readonly requests: { path: string; authorization?: string }[] = [];
  handler: (req: IncomingMessage, res: ServerResponse) => void = (_q, res) => res.writeHead(404).end();
  private server: Server | null = null;
  origin = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      this.requests.push({ path: req.url ?? '', authorization: req.headers.authorization });
      this.handler(req, res);
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

const openai = new FakeOpenAi();
const media = new FakeHost(); // Twilio's api host: recordings behind basic auth
const storage = new FakeHost(); // where Twilio redirects the media (another origin)
let t: TestApp;
let services: CommunicationsServices;

beforeAll(async () => {
  const baseUrl = await openai.start();
  await media.start();
  await storage.start();
  t = await createTestApp({
    PUBLIC_BASE_URL,
    AI_PROVIDER: 'openai',
    OPENAI_BASE_URL: baseUrl,
    OPENAI_API_KEY: 'test-key',
    OPENAI_MODEL: 'test-model',
    OPENAI_TRANSCRIPTION_MODEL: 'whisper-test',
    OPENAI_TIMEOUT_MS: '2000',
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    TWILIO_API_URL: media.origin,
    RECORDING_MAX_BYTES: '100000',
  });
  services = t.deps.services as unknown as CommunicationsServices;
});
afterAll(async () => {
  await t.close();
  await Promise.all([openai.stop(), media.stop(), storage.stop()]);
});
beforeEach(() => {
  openai.reset();
  media.requests.length = 0;
  storage.requests.length = 0;
  // The transcription endpoint answers in OpenAI's shape; the chat models are down (the local provider answers).
  openai.fallbackReply = (res, body, path) => {
    if (!path.endsWith('/audio/transcriptions')) return status(429)(res, body, path);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ text: SPOKEN }));
  };
  const basic = `Basic ${Buffer.from(`${ACCOUNT}:${TOKEN}`).toString('base64')}`;
  // Twilio's media URL: the account's credentials, then a redirect to the stored file.
  media.handler = (req, res) => {
    if (req.headers.authorization !== basic) return void res.writeHead(401).end();
    res.writeHead(302, { location: `${storage.origin}/media${req.url}` }).end();
  };
  storage.handler = (_req, res) => res.writeHead(200, { 'content-type': 'audio/x-wav' }).end(WAV);
});

let seq = 0;
const orgWithNumber = () => withNumber(t, '646');
const fromTwilio = (path: string, params: Record<string, string>) => signedByTwilio(t, path, params);

/** A recorded call whose recording lives on the fake media host. */
async function recordedCall(org: Registered & { number: string }) {
  const sid = `RE${Date.now()}${++seq}`;
  const call = {
    to: org.number,
    callSid: `CA${Date.now()}${seq}`,
    recordingSid: sid,
    recordingUrl: `${media.origin}/2010-04-01/Accounts/${ACCOUNT}/Recordings/${sid}`,
  };
  const res = await fromTwilio('/webhooks/twilio/recording', twilioRecording(call));
  expect(res.status).toBe(200);
  const [row] = await t.sql<{ activity_id: string; memo_id: string }>(
    `select a.id as activity_id, m.id as memo_id from activities a join voice_memos m on m.activity_id = a.id
     where a.external_id = $1`,
    [call.callSid],
  );
  return { call, activityId: row.activity_id, voiceMemoId: row.memo_id };
}

async function queued(voiceMemoId: string): Promise<RecordingJob[]> {
  const rows = await t.sql<{ data: RecordingJob }>(
    `select data from pgboss.job where name = 'recording-transcription' and data->>'voiceMemoId' = $1`,
    [voiceMemoId],
  );
  return rows.map((r) => r.data);
}

/** One run of the job, as the worker runs it (the organization's scope). */
function runJob(job: RecordingJob, final: boolean) {
  const em = t.orm.em.fork();
  em.setFilterParams(TENANT_FILTER, { organizationId: job.organizationId });
  return withTenantAccess(job.organizationId, () => services.recordingTranscriber.run(em, job, { final }));
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

it('the webhook queues the job in its transaction; the worker fetches, transcribes and fills the call', async () => {
  const org = await orgWithNumber();
  const { call, activityId, voiceMemoId } = await recordedCall(org);
  expect((await org.agent.get(`/api/voice-memos/${voiceMemoId}`)).body.status).toBe('pending');
  expect(await queued(voiceMemoId)).toEqual([
    {
      organizationId: org.organizationId,
      voiceMemoId,
      provider: 'twilio',
      recordingUrl: expect.stringContaining(media.origin),
      accountId: ACCOUNT,
    },
  ]);

  const worker = recordingTranscriptionJob.start({
    orm: t.orm,
    logger: t.deps.logger,
    config: t.deps.config,
    services,
    shared: sharedDeps(t.deps.config),
  });
  try {
    const memo = await until(
      async () => (await org.agent.get(`/api/voice-memos/${voiceMemoId}`)).body,
      (m) => m.status !== 'pending',
    );
    expect(memo).toMatchObject({ status: 'transcribed', transcript: SPOKEN, activityId });
    expect(memo.extractedTasks.length).toBeGreaterThanOrEqual(1);
  } finally {
    await worker.stop();
  }
  const activity = (await org.agent.get(`/api/activities/${activityId}`)).body;
  expect(activity).toMatchObject({
    body: SPOKEN,
    transcriptionStatus: 'transcribed',
    sentimentLabel: expect.any(String),
  });

  // Twilio's media host got the account's credentials; the storage host it redirected to did not.
  expect(media.requests).toEqual([
    { path: expect.stringContaining('/Recordings/RE'), authorization: expect.any(String) },
  ]);
  expect(storage.requests).toEqual([{ path: expect.stringContaining('/media/'), authorization: undefined }]);
  // The transcription endpoint got the WAV file and the model, as OpenAI's multipart form.
  const upload = openai.requests.find((r) => r.path === '/v1/audio/transcriptions');
  expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data/);
  expect(upload?.raw.includes(WAV)).toBe(true);
  expect(upload?.raw.toString('latin1')).toMatch(/name="model"\r\n\r\nwhisper-test/);
  expect(upload?.raw.toString('latin1')).toMatch(/filename="recording\.wav"/);

  // Twilio's own transcript arriving afterwards changes nothing.
  const late = await fromTwilio(
    '/webhooks/twilio/transcription',
    twilioTranscription({ ...call, text: 'Something else entirely.' }),
  );
  expect(late.body).toMatchObject({ status: 'duplicate', voiceMemoId });
  expect((await org.agent.get(`/api/voice-memos/${voiceMemoId}`)).body.transcript).toBe(SPOKEN);
});

it('a failing recording host is retried (the memo stays pending) and the last attempt fails the memo', async () => {
  const org = await orgWithNumber();
  const { activityId, voiceMemoId } = await recordedCall(org);
  const [job] = await queued(voiceMemoId);
  media.handler = (_req, res) => res.writeHead(503).end();
  await expect(runJob(job, false)).rejects.toThrow('HTTP 503');
  expect((await org.agent.get(`/api/voice-memos/${voiceMemoId}`)).body.status).toBe('pending');
  await expect(runJob(job, true)).rejects.toThrow('HTTP 503');
  expect((await org.agent.get(`/api/voice-memos/${voiceMemoId}`)).body).toMatchObject({
    status: 'failed',
    transcript: null,
  });
  expect((await org.agent.get(`/api/activities/${activityId}`)).body).toMatchObject({
    body: null,
    transcriptionStatus: 'failed',
  });
  expect(openai.requests.filter((r) => r.path.endsWith('/audio/transcriptions'))).toEqual([]);
});

it('a transcription server that fails is retried, then fails the memo', async () => {
  const org = await orgWithNumber();
  const { voiceMemoId } = await recordedCall(org);
  const [job] = await queued(voiceMemoId);
  openai.fallbackReply = status(500);
  await expect(runJob(job, false)).rejects.toThrow('no answer');
  expect((await org.agent.get(`/api/voice-memos/${voiceMemoId}`)).body.status).toBe('pending');
  await expect(runJob(job, true)).rejects.toThrow();
  expect((await org.agent.get(`/api/voice-memos/${voiceMemoId}`)).body.status).toBe('failed');
});

it('a recording over RECORDING_MAX_BYTES is refused', async () => {
  const org = await orgWithNumber();
  const { voiceMemoId } = await recordedCall(org);
  const [job] = await queued(voiceMemoId);
  storage.handler = (_req, res) => res.writeHead(200, { 'content-type': 'audio/x-wav' }).end(sineWav(10));
  await expect(runJob(job, true)).rejects.toThrow('larger than 100000 bytes');
  expect((await org.agent.get(`/api/voice-memos/${voiceMemoId}`)).body.status).toBe('failed');
});

it("Twilio's credentials are never sent outside Twilio: a recording URL elsewhere fails the memo at once", async () => {
  const org = await orgWithNumber();
  const { voiceMemoId } = await recordedCall(org);
  const [job] = await queued(voiceMemoId);
  await expect(runJob({ ...job, recordingUrl: `${storage.origin}/elsewhere.wav` }, false)).rejects.toThrow(
    'not a Twilio recording URL',
  );
  expect(storage.requests).toEqual([]);
  expect((await org.agent.get(`/api/voice-memos/${voiceMemoId}`)).body.status).toBe('failed');
});

it('the SSRF guard holds without WEBHOOK_ALLOW_PRIVATE_URLS: a generic recording on a private address is not fetched', async () => {
  const guarded = await createTestApp({
    AI_PROVIDER: 'openai',
    OPENAI_API_KEY: 'test-key',
    OPENAI_MODEL: 'test-model',
    OPENAI_TRANSCRIPTION_MODEL: 'whisper-test',
  });
  try {
    const org = await guarded.registerOrg('Guarded');
    const number = `+1747${String(Date.now() % 1_000_000).padStart(6, '0')}${++seq % 10}`;
    await org.agent.post('/api/settings/phone-numbers').send({ number }).expect(201);
    const res = await guarded
      .agent()
      .post('/webhooks/generic/recording')
      .send({
        callId: `call-${Date.now()}`,
        from: '+14155550123',
        to: number,
        recordingUrl: `${storage.origin}/x.wav`,
      });
    const [row] = await guarded.sql<{ data: RecordingJob }>(
      `select data from pgboss.job where name = 'recording-transcription' and data->>'voiceMemoId' = $1`,
      [res.body.voiceMemoId],
    );
    const em = guarded.orm.em.fork();
    em.setFilterParams(TENANT_FILTER, { organizationId: org.organizationId });
    const transcriber = (guarded.deps.services as unknown as CommunicationsServices).recordingTranscriber;
    await expect(
      withTenantAccess(org.organizationId, () => transcriber.run(em, row.data, { final: true })),
    ).rejects.toThrow('private address');
    expect(storage.requests).toEqual([]);
  } finally {
    await guarded.close();
  }
});
