/**
 * Issue 11 part 1: the per-organization AI switch and monthly call budget, through the composition
 * root's shared `ai` provider and the accessor aiAccess.aiFor, against the fake chat-completions server
 * on loopback and the real database (the counter is the ai_usage table).
 */
import type { AiLogger } from '../src/ai';
import { createServices, sharedDeps } from '../src/composition';
import { countAiCall } from '../src/db/ai-usage';
import { TENANT_FILTER } from '../src/db/tenant-filter';
import { fields } from './support/accounts';
import { completion, FakeOpenAi } from './support/fake-openai-server';
import { createTestApp, Registered, TestApp } from './support/test-app';

const server = new FakeOpenAi();
const warnings: Array<{ details: Record<string, unknown>; message: string }> = [];
const logger: AiLogger = { warn: (details, message) => warnings.push({ details, message }) };
let t: TestApp;
let services: ReturnType<typeof createServices>;
let a: Registered;
let b: Registered;

beforeAll(async () => {
  const baseUrl = await server.start();
  t = await createTestApp({
    AI_PROVIDER: 'openai',
    OPENAI_BASE_URL: baseUrl,
    OPENAI_API_KEY: 'test-key',
    OPENAI_MODEL: 'test-model',
    OPENAI_TIMEOUT_MS: '2000',
  });
  services = createServices(t.deps.config, sharedDeps(t.deps.config, logger));
  a = await t.registerOrg('Budget A');
  b = await t.registerOrg('Budget B');
});
afterAll(async () => {
  await t.close();
  await server.stop();
});
beforeEach(() => {
  server.reset();
  warnings.length = 0;
});

const summaryReply = () => completion(JSON.stringify({ summary: 'The model summary.' }));
const TEXT = 'The excavator arrived late. Please send the revised quote to Hendricks by Thursday.';
/** The request's entity manager: a fork with the tenant filter (graphql/context.ts). */
const em = (org: Registered) => {
  const fork = t.orm.em.fork();
  fork.setFilterParams(TENANT_FILTER, { organizationId: org.organizationId });
  return fork;
};
const ai = (org: Registered) => services.aiAccess.aiFor(em(org), org.organizationId);
const settings = (org: Registered, aiSettings: Record<string, unknown>) =>
  org.agent.put('/api/settings/organization').send({ aiSettings });

describe('AI settings', () => {
  it('defaults: external model on, no budget, no keywords, nothing counted', async () => {
    const res = await a.agent.get('/api/settings/organization').expect(200);
    expect(res.body.aiSettings).toMatchObject({
      externalModel: true,
      monthlyCallBudget: null,
      callsThisMonth: 0,
      targetKeywords: [],
    });
  });

  it('validates the switch, the budget and the keywords; null budget is unlimited again', async () => {
    const typed = await settings(a, { externalModel: 'no' });
    expect(typed.status).toBe(400);
    expect(fields(typed.body)).toEqual(['aiSettings.externalModel']);
    const bad = await settings(a, { monthlyCallBudget: -1, targetKeywords: ['ok', ''] });
    expect(bad.status).toBe(400);
    expect(fields(bad.body).sort()).toEqual(['aiSettings.monthlyCallBudget', 'aiSettings.targetKeywords']);
    const set = await settings(a, { monthlyCallBudget: 7, targetKeywords: [' Excavation ', 'excavation', 'paving'] });
    expect(set.status).toBe(200);
    expect(set.body.aiSettings).toMatchObject({ monthlyCallBudget: 7, targetKeywords: ['Excavation', 'paving'] });
    const cleared = await settings(a, { monthlyCallBudget: null });
    expect(cleared.body.aiSettings).toMatchObject({
      monthlyCallBudget: null,
      targetKeywords: ['Excavation', 'paving'],
    });
  });
});

describe('aiAccess.aiFor', () => {
  it('with the switch on, calls reach the model server and are counted for the organization', async () => {
    await settings(a, { externalModel: true, monthlyCallBudget: null }).expect(200);
    server.reply(summaryReply());
    const out = await (await ai(a)).summarize(TEXT, { organizationId: a.organizationId });
    expect(out).toEqual({ provider: 'openai', summary: 'The model summary.' });
    expect(server.requests).toHaveLength(1);
    const res = await a.agent.get('/api/settings/organization').expect(200);
    expect(res.body.aiSettings.callsThisMonth).toBe(1);
  });

  it('with the switch off, no call reaches the server: the local provider answers', async () => {
    await settings(b, { externalModel: false }).expect(200);
    const provider = await ai(b);
    expect(provider.name).toBe('local');
    const out = await provider.analyzeSentiment(TEXT, { organizationId: b.organizationId });
    expect(out.provider).toBe('local');
    const tasks = await provider.summarize(TEXT, { organizationId: b.organizationId });
    expect(tasks.provider).toBe('local');
    expect(server.requests).toHaveLength(0);
    expect(warnings).toEqual([]);
    await settings(b, { externalModel: true }).expect(200);
  });

  it('with the budget spent, the local provider answers and it is logged; another organization is not affected', async () => {
    const used = (await a.agent.get('/api/settings/organization')).body.aiSettings.callsThisMonth as number;
    await settings(a, { monthlyCallBudget: used + 2 }).expect(200);
    server.fallbackReply = summaryReply();
    const provider = await ai(a);
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push((await provider.summarize(TEXT, { organizationId: a.organizationId })).provider);
    expect(answers).toEqual(['openai', 'openai', 'local']);
    expect(server.requests).toHaveLength(2);
    expect(warnings).toEqual([
      {
        details: { operation: 'summarize', organizationId: a.organizationId },
        message: 'AI budget of the organization used up this month: local provider answers',
      },
    ]);
    expect((await a.agent.get('/api/settings/organization')).body.aiSettings.callsThisMonth).toBe(used + 2);
    // B has no budget: its calls still reach the server
    expect((await (await ai(b)).summarize(TEXT, { organizationId: b.organizationId })).provider).toBe('openai');
    expect(server.requests).toHaveLength(3);
    // a budget of 0 stops the external model at once
    await settings(b, { monthlyCallBudget: 0 }).expect(200);
    expect((await (await ai(b)).summarize(TEXT, { organizationId: b.organizationId })).provider).toBe('local');
    expect(server.requests).toHaveLength(3);
  });

  it('a call made without the accessor is refused by the budget (never an uncounted external call)', async () => {
    const out = await services.ai.summarize(TEXT, { organizationId: a.organizationId });
    expect(out.provider).toBe('local');
    expect(server.requests).toHaveLength(0);
  });
});

it('the counter never passes the budget under concurrency (one atomic upsert per call)', async () => {
  const org = await t.registerOrg('Race');
  const results = await Promise.all(
    Array.from({ length: 12 }, () => countAiCall(t.orm.em.fork(), org.organizationId, 5)),
  );
  expect(results.filter(Boolean)).toHaveLength(5);
  const [row] = await t.sql<{ calls: number }>('select calls from ai_usage where organization_id = $1', [
    org.organizationId,
  ]);
  expect(row.calls).toBe(5);
});
