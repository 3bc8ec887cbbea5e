/**
 * The openai provider against an OpenAI-compatible server of our own on loopback (docs/ai.md): success,
 * malformed output, timeout and 429 each end in a valid answer; the failures fall back to the local
 * provider and are logged; the budget callback is asked before any call.
 */
import { aiConfigFromEnv, createAiProvider, type OpenAiConfig } from '../src/ai';
import { completion, silence, status, useFakeOpenAi } from './support/fake-openai-server';
import { taskContext } from './support/ai-team';

const fake = useFakeOpenAi();
const { server, warnings, logger } = fake;

const config = (over: Partial<OpenAiConfig> = {}): OpenAiConfig => ({
  server: 'openai',
  baseUrl: fake.baseUrl,
  apiKey: 'test-key',
  model: 'test-model',
  timeoutMs: 2000,
  responseFormat: 'json_schema',
  ...over,
});
const provider = (over: Partial<OpenAiConfig> = {}, budget?: { allow: (org: string) => Promise<boolean> }) =>
  createAiProvider({ provider: 'openai', openai: config(over) }, { logger, budget });
const MEMO = 'Please send the revised quote to Hendricks by Thursday, and Maria should check the hydraulics.';
const answer = JSON.stringify({
  tasks: [
    {
      title: 'Send revised quote to Hendricks',
      priority: 'medium',
      dueDate: '2026-11-26',
      ownerId: 'u-tom',
      source: 'Please send the revised quote to Hendricks by Thursday',
      explanation: 'please send',
    },
    {
      title: 'Check hydraulics',
      priority: 'medium',
      dueDate: null,
      ownerId: 'someone-made-up',
      source: 'Maria should check the hydraulics.',
      explanation: 'should check',
    },
  ],
});

it('uses the structured answer, sends the schema, and keeps owners to the team', async () => {
  server.reply(completion(answer));
  const out = await provider().extractTasks(MEMO, taskContext());
  expect(out.provider).toBe('openai');
  expect(out.tasks.map((t) => [t.title, t.dueDate, t.ownerId])).toEqual([
    ['Send revised quote to Hendricks', '2026-11-26', 'u-tom'],
    ['Check hydraulics', null, 'u-tom'],
  ]);
  expect(server.requests).toHaveLength(1);
  const body = server.requests[0].body as {
    model: string;
    response_format: { type: string };
    messages: Array<{ content: string }>;
  };
  expect(server.requests[0].path).toBe('/v1/chat/completions');
  expect(body.model).toBe('test-model');
  expect(body.response_format.type).toBe('json_schema');
  expect(body.messages[0].content).toContain('Monday 2026-11-23');
  expect(warnings).toEqual([]);
});

it('retries malformed output once, then answers with the local provider and logs it', async () => {
  server.reply(
    completion('Sure! Here are the tasks: ...'),
    completion(JSON.stringify({ tasks: [{ title: 'x', priority: 'urgent' }] })),
  );
  const out = await provider().extractTasks(MEMO, taskContext());
  expect(out.provider).toBe('local');
  expect(out.tasks.map((t) => t.ownerId)).toEqual(['u-tom', 'u-maria']);
  expect(server.requests).toHaveLength(2);
  expect(warnings).toHaveLength(1);
  expect(warnings[0].details).toMatchObject({ operation: 'extractTasks', organizationId: 'org-1', attempts: 2 });
  expect(String(warnings[0].details.reasons)).toContain('MalformedOutput');
});

it('gives up after a timeout and one retry', async () => {
  server.reply(silence, silence);
  // Each attempt must reach the loopback server before its timeout fires: 150 ms was too short on a loaded machine,
  // and a second once was too, with four other jest runs sharing two cores (load average 8). 2.5 s leaves room.
  const out = await provider({ timeoutMs: 2500 }).analyzeSentiment("The generator won't start, this is urgent", {
    organizationId: 'org-1',
  });
  expect(out).toMatchObject({ provider: 'local', label: 'negative' });
  expect(warnings[0].details).toMatchObject({ attempts: 2 });
  expect(server.requests).toHaveLength(2); // two attempts, then the local answer: it gave up (a hang fails the test)
  // Plain node reports APIConnectionTimeoutError; under jest's realm the SDK sees the abort as a connection error.
  expect((warnings[0].details.reasons as string[])[0]).toMatch(/APIConnection(?:Timeout)?Error/);
});

it('falls back at once on 429, without a retry', async () => {
  server.reply(status(429));
  const out = await provider().summarize('The lift is down. Please send a technician today.', {
    organizationId: 'org-1',
  });
  expect(out.provider).toBe('local');
  expect(out.summary).toContain('technician');
  expect(server.requests).toHaveLength(1);
  expect(warnings[0].details).toMatchObject({ operation: 'summarize', attempts: 1 });
});

it('succeeds on the retry after a server error', async () => {
  server.reply(status(500), completion(JSON.stringify({ label: 'negative', score: -0.7 })));
  const out = await provider().analyzeSentiment('The roller is leaking oil again.', { organizationId: 'org-1' });
  expect(out).toEqual({ provider: 'openai', label: 'negative', score: -0.7, cues: [] });
  expect(server.requests).toHaveLength(2);
});

it('asks the budget first: an organization over its budget gets the local provider, with no call', async () => {
  const asked: string[] = [];
  const budget = { allow: async (org: string) => (asked.push(org), false) };
  const out = await provider({}, budget).summarize('Please call Dave about the invoice.', { organizationId: 'org-9' });
  expect(out.provider).toBe('local');
  expect(asked).toEqual(['org-9']);
  expect(server.requests).toHaveLength(0);
  expect(warnings[0].details).toMatchObject({ operation: 'summarize', organizationId: 'org-9' });
});

it('uses json_object for servers without json_schema support', async () => {
  server.reply(completion('```json\n{"summary": "Hendricks wants a revised quote by Thursday."}\n```'));
  const out = await provider({ responseFormat: 'json_object' }).summarize(MEMO, { organizationId: 'org-1' });
  expect(out).toEqual({ provider: 'openai', summary: 'Hendricks wants a revised quote by Thursday.' });
  expect((server.requests[0].body.response_format as { type: string }).type).toBe('json_object');
});

it('transcribes only with a transcription model, and answers null when it cannot', async () => {
  const audio = { data: new Uint8Array([1, 2, 3]), fileName: 'memo.webm', mimeType: 'audio/webm' };
  expect(await provider().transcribe(audio, { organizationId: 'org-1' })).toBeNull();
  server.reply((res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ text: 'Call Dave tomorrow.' }));
  });
  expect(await provider({ transcriptionModel: 'whisper-test' }).transcribe(audio, { organizationId: 'org-1' })).toBe(
    'Call Dave tomorrow.',
  );
  expect(server.requests[0].path).toBe('/v1/audio/transcriptions');
  server.reply(status(503), status(503));
  expect(
    await provider({ transcriptionModel: 'whisper-test' }).transcribe(audio, { organizationId: 'org-1' }),
  ).toBeNull();
});

describe('configuration', () => {
  it('defaults to the local provider', async () => {
    const local = createAiProvider(aiConfigFromEnv({}), { logger });
    expect(local.name).toBe('local');
    expect(await local.transcribe({ data: new Uint8Array(), fileName: 'a.wav' }, { organizationId: 'o' })).toBeNull();
  });

  it('reads the openai settings and refuses incomplete ones', () => {
    expect(
      aiConfigFromEnv({
        AI_PROVIDER: 'openai',
        OPENAI_API_KEY: 'k',
        OPENAI_MODEL: 'm',
        OPENAI_BASE_URL: 'http://127.0.0.1:1/v1',
        OPENAI_TIMEOUT_MS: '5000',
      }),
    ).toEqual({
      provider: 'openai',
      openai: {
        server: 'openai',
        baseUrl: 'http://127.0.0.1:1/v1',
        apiKey: 'k',
        model: 'm',
        apiVersion: undefined,
        timeoutMs: 5000,
        transcriptionModel: undefined,
        responseFormat: 'json_schema',
      },
    });
    expect(() => aiConfigFromEnv({ AI_PROVIDER: 'openai', OPENAI_MODEL: 'm' })).toThrow('OPENAI_API_KEY');
    expect(() => aiConfigFromEnv({ AI_PROVIDER: 'gpt' })).toThrow('local or openai');
    expect(() =>
      aiConfigFromEnv({ AI_PROVIDER: 'openai', OPENAI_API_KEY: 'k', OPENAI_MODEL: 'm', OPENAI_TIMEOUT_MS: 'soon' }),
    ).toThrow('OPENAI_TIMEOUT_MS');
  });
});
