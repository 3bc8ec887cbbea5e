/**
 * `npm run bench ai-providers` (bench/ai-providers.bench.ts): without a configured server it says so and
 * ends; with one (a loopback fake answering as Ollama does) it extracts every text with both providers
 * and prints their rows side by side, the server's failures counted.
 */
import providersBench from '../bench/ai-providers.bench';
import { loadSet } from '../bench/ai/labelled-set';
import { FakeOpenAi } from './support/fake-openai-server';
import { SHAPES } from './support/llm-server-shapes';

const SET = 'bench/ai/heldout-set.json';
const server = new FakeOpenAi();
let baseUrl: string;
let printed: string[];

beforeAll(async () => {
  baseUrl = await server.start();
  process.env.AI_BENCH_SETS = SET;
});
afterAll(async () => {
  delete process.env.AI_BENCH_SETS;
  await server.stop();
});
beforeEach(() => {
  printed = [];
  jest.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
});
afterEach(() => jest.restoreAllMocks());

it('says no server is configured and ends', async () => {
  await providersBench({});
  expect(printed.join('\n')).toMatch(/no AI server configured.*skipped/);
  expect(server.requests).toHaveLength(0);
});

it('runs every text through the server and the local provider and prints both rows', async () => {
  const set = loadSet(SET);
  const texts = set.items.length;
  server.fallbackReply = SHAPES.ollama.text('{"tasks": []}');
  server.reply(SHAPES.ollama.text('not JSON'), SHAPES.ollama.text('still not JSON'));
  await providersBench({
    AI_PROVIDER: 'openai',
    OPENAI_SERVER: 'ollama',
    OPENAI_BASE_URL: baseUrl,
    OPENAI_MODEL: 'llama3.1:8b',
    AI_BENCH_CONCURRENCY: '1',
    OPENAI_TIMEOUT_MS: '2000',
  });
  const rows = printed.filter((l) => l.trim().startsWith(set.name));
  expect(rows.map((r) => r.trim().split(/\s+/)[1])).toEqual(['local', 'ollama']);
  const [local, ollama] = rows.map((r) => r.trim().split(/\s+/));
  expect(Number(local[2])).toBe(texts);
  expect(Number(local[4])).toBeGreaterThan(0);
  // The server found nothing but on the first text, which it failed on twice and the local provider answered.
  expect(Number(ollama[2])).toBe(texts);
  expect(Number(ollama[4])).toBeLessThan(Number(local[4]));
  expect(Number(ollama[12])).toBe(1);
  expect(server.requests).toHaveLength(texts + 1);
  expect(printed.join('\n')).toContain('1 texts failed on the server; first: MalformedOutput');
});
