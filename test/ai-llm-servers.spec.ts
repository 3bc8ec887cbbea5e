/**
 * The openai provider against each OpenAI-compatible server kind (docs/ai.md, "Server kinds"): a loopback
 * fake answers in that server's documented shape (test/support/llm-server-shapes.ts). Per kind: the
 * request's path and credentials, structured output by JSON schema, a forced tool call, and the steps
 * down its own documented refusals lead to, remembered for the next call.
 */
import {
  aiConfigFromEnv,
  createAiProvider,
  OpenAiProvider,
  OUTPUT_MODES,
  type OpenAiConfig,
  type OutputMode,
  type ServerKind,
} from '../src/ai';
import { TASKS_SCHEMA } from '../src/ai/openai/output-schemas';
import { useFakeOpenAi } from './support/fake-openai-server';
import { SHAPES } from './support/llm-server-shapes';
import { taskContext } from './support/ai-team';

const fake = useFakeOpenAi();
const { server, warnings, logger } = fake;

const config = (kind: ServerKind, over: Partial<OpenAiConfig> = {}): OpenAiConfig => ({
  server: kind,
  baseUrl: kind === 'azure' ? server.origin : fake.baseUrl,
  apiKey: 'test-key',
  model: 'test-model',
  apiVersion: kind === 'azure' ? '2024-10-21' : undefined,
  timeoutMs: 2000,
  responseFormat: 'json_schema',
  ...over,
});
const provider = (kind: ServerKind, over: Partial<OpenAiConfig> = {}) =>
  createAiProvider({ provider: 'openai', openai: config(kind, over) }, { logger }) as OpenAiProvider;

const MEMO = 'Please send the revised quote to Hendricks by Thursday.';
const [title, dueDate, explanation] = ['Send revised quote to Hendricks', '2026-11-26', 'please send'];
const TASK = { title, priority: 'medium', dueDate, ownerId: 'u-tom', source: MEMO, explanation };
const ANSWER = JSON.stringify({ tasks: [TASK] });
type Body = {
  response_format?: { type: string; json_schema?: unknown };
  tools?: Array<{ function: { name: string; parameters: unknown } }>;
  tool_choice?: unknown;
};
const body = (i: number) => server.requests[i].body as Body;
const modeOf = (b: Body): OutputMode =>
  b.tools ? 'tools' : b.response_format ? (b.response_format.type as OutputMode) : 'plain';

describe.each(Object.keys(SHAPES) as ServerKind[])('%s', (kind) => {
  const shape = SHAPES[kind];

  it('sends the schema as response_format json_schema, with its credentials on its path, and reads its answer', async () => {
    server.reply(shape.text(ANSWER));
    const out = await provider(kind).extractTasks(MEMO, taskContext());
    expect(out).toMatchObject({ provider: 'openai', tasks: [{ title: 'Send revised quote to Hendricks' }] });
    const [request] = server.requests;
    if (kind === 'azure') {
      expect(request.path).toBe('/openai/deployments/test-model/chat/completions?api-version=2024-10-21');
      expect(request.headers['api-key']).toBe('test-key');
      expect(request.headers.authorization).toBeUndefined();
    } else {
      expect(request.path).toBe('/v1/chat/completions');
      expect(request.headers.authorization).toBe('Bearer test-key');
    }
    expect(body(0).response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'tasks', schema: TASKS_SCHEMA, strict: true },
    });
    expect(warnings).toEqual([]);
  });

  it("forces the one function in the tool_choice form it reads, and takes the call's arguments", async () => {
    server.reply(shape.toolCall('tasks', ANSWER));
    const out = await provider(kind, { responseFormat: 'tools' }).extractTasks(MEMO, taskContext());
    expect(out).toMatchObject({ provider: 'openai', tasks: [{ dueDate: '2026-11-26' }] });
    expect(body(0).tools?.[0].function).toMatchObject({ name: 'tasks', parameters: TASKS_SCHEMA });
    expect(body(0).tool_choice).toEqual(
      kind === 'llamacpp' ? 'required' : { type: 'function', function: { name: 'tasks' } },
    );
    expect(body(0).response_format).toBeUndefined();
  });

  it('steps down on its documented refusals and starts the next call in the mode that worked', async () => {
    const refused = OUTPUT_MODES.filter((m) => shape.refusals[m]);
    const first = OUTPUT_MODES.indexOf(refused[0]);
    const chain = OUTPUT_MODES.slice(first, OUTPUT_MODES.findIndex((m, i) => i >= first && !shape.refusals[m]) + 1);
    const works = chain[chain.length - 1];
    const answer = () => (works === 'tools' ? shape.toolCall('tasks', ANSWER) : shape.text(ANSWER));
    server.reply(...chain.slice(0, -1).map((m) => shape.refusals[m]!), answer(), answer());
    const p = provider(kind, { responseFormat: chain[0] });
    expect((await p.extractTasks(MEMO, taskContext())).provider).toBe('openai');
    expect(server.requests.map((r) => modeOf(r.body as Body))).toEqual(chain);
    expect(warnings.map((w) => w.details.refused)).toEqual(chain.slice(0, -1));
    expect(p.outputMode).toBe(works);
    expect((await p.extractTasks(MEMO, taskContext())).provider).toBe('openai');
    expect(server.requests.map((r) => modeOf(r.body as Body))).toEqual([...chain, works]);
  });
});

describe('output modes', () => {
  it('asks for plain JSON when json_object is refused too, and reads it out of prose and a <think> block', async () => {
    server.reply(
      SHAPES.openai.refusals.json_object!,
      SHAPES.openai.text(`<think>one task</think>Here you go:\n${ANSWER}\nAnything else?`),
    );
    const out = await provider('openai', { responseFormat: 'json_object' }).extractTasks(MEMO, taskContext());
    expect(out.provider).toBe('openai');
    expect(server.requests.map((r) => modeOf(r.body as Body))).toEqual(['json_object', 'plain']);
  });

  it('does not step down or retry on a 400 about something else: the local provider answers', async () => {
    server.reply((res) =>
      res.writeHead(400, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          error: {
            message: "This model's maximum context length is 8192 tokens.",
            type: 'invalid_request_error',
            param: 'messages',
            code: 'context_length_exceeded',
          },
        }),
      ),
    );
    const p = provider('openai');
    expect((await p.extractTasks(MEMO, taskContext())).provider).toBe('local');
    expect(server.requests).toHaveLength(1);
    expect(p.outputMode).toBe('json_schema');
  });

  it('sends transcriptions to the transcription deployment on Azure', async () => {
    server.reply((res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"text":"Call Dave."}'));
    const audio = { data: new Uint8Array([1, 2, 3]), fileName: 'memo.webm', mimeType: 'audio/webm' };
    const p = provider('azure', { transcriptionModel: 'whisper-test' });
    expect(await p.transcribe(audio, { organizationId: 'org-1' })).toBe('Call Dave.');
    expect(server.requests[0].path).toBe(
      '/openai/deployments/whisper-test/audio/transcriptions?api-version=2024-10-21',
    );
  });
});

describe('server configuration', () => {
  const env = { AI_PROVIDER: 'openai', OPENAI_MODEL: 'm' };

  it('reads the server kind, Azure api-version and the first output mode', () => {
    expect(
      aiConfigFromEnv({ ...env, OPENAI_SERVER: 'azure', OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'https://r.example' }),
    ).toMatchObject({ openai: { server: 'azure', apiVersion: '2024-10-21', responseFormat: 'json_schema' } });
    expect(
      aiConfigFromEnv({
        ...env,
        OPENAI_SERVER: 'llamacpp',
        OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1',
        OPENAI_RESPONSE_FORMAT: 'tools',
      }),
    ).toMatchObject({
      openai: { server: 'llamacpp', apiKey: 'no-key', apiVersion: undefined, responseFormat: 'tools' },
    });
  });

  it('refuses an unknown kind or mode, a keyless OpenAI or Azure, and a local kind without its URL', () => {
    const ollama = { ...env, OPENAI_SERVER: 'ollama', OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' };
    expect(() => aiConfigFromEnv({ ...ollama, OPENAI_SERVER: 'bedrock' })).toThrow('OPENAI_SERVER must be one of');
    expect(() => aiConfigFromEnv({ ...ollama, OPENAI_RESPONSE_FORMAT: 'xml' })).toThrow('OPENAI_RESPONSE_FORMAT');
    expect(() => aiConfigFromEnv({ ...ollama, OPENAI_SERVER: 'azure' })).toThrow('OPENAI_API_KEY');
    expect(() => aiConfigFromEnv({ ...env, OPENAI_SERVER: 'vllm' })).toThrow('OPENAI_BASE_URL');
    expect(aiConfigFromEnv(ollama).openai?.apiKey).toBe('no-key');
  });
});
