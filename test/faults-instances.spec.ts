/**
 * Two app instances on one database behave as one (the app tier is stateless): a session opened on one is
 * valid, and ended, on the other; they share one rate-limit budget; an event emitted through one is delivered
 * once however many workers run; the stage-drift job run by both at once raises one task.
 */
import request from 'supertest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { App, createApp } from '../src/app';
import { createServices, openAppDatabase } from '../src/composition';
import { CredentialCipher } from '../src/lib/credential-cipher';
import { clock } from '../src/lib/clock';
import { WebhookWorker } from '../src/events/webhook-worker';
import { StageDriftJob } from '../src/modules/sales/opportunities/drift.job';
import { moveStage, newOpportunity, stageByName } from './support/sales';
import { createTestApp, Registered, TestApp } from './support/test-app';
import { subscribe, WebhookReceiver } from './support/webhook-receiver';

let a: TestApp;
let ormB: MikroORM;
let b: App;
let org: Registered;

beforeAll(async () => {
  a = await createTestApp({ RATE_LIMIT_READ: '6', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  ormB = await openAppDatabase(a.orm.config.getClientUrl(), { migrate: false, poolMax: 4 });
  b = await createApp({ ...a.deps, orm: ormB, services: createServices(a.deps.config) });
  org = await a.registerOrg('Two instances');
});
afterAll(async () => {
  clock.reset();
  await b.close();
  await ormB.close(true);
  await a.close();
});

const cookieOf = (res: request.Response) =>
  ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');

it('a session opened on one instance is valid, and ended, on the other', async () => {
  const login = await request(a.http).post('/api/auth/login').send({ email: org.email, password: org.password });
  const cookie = cookieOf(login);
  expect((await request(b.app).get('/api/auth/me').set('Cookie', cookie)).status).toBe(200);
  expect((await request(b.app).post('/api/auth/logout').set('Cookie', cookie)).status).toBeLessThan(300);
  expect((await request(a.http).get('/api/auth/me').set('Cookie', cookie)).status).toBe(401);
});

it('both instances draw on one rate-limit budget', async () => {
  const login = await request(a.http).post('/api/auth/login').send({ email: org.email, password: org.password });
  const cookie = cookieOf(login);
  const statuses: number[] = [];
  for (let i = 0; i < 8; i++)
    statuses.push(
      (
        await request(i % 2 ? b.app : a.http)
          .get('/api/contacts')
          .set('Cookie', cookie)
      ).status,
    );
  expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(6);
  expect(statuses).toContain(429);
});

it('an event emitted through one instance is delivered once, whatever the number of workers', async () => {
  const receiver = await new WebhookReceiver().start();
  try {
    const agent = await a.login(org.email, org.password);
    await subscribe(agent, receiver.url, { events: ['lead.created'] });
    clock.advance(61_000); // a fresh rate-limit window for this test's requests
    const agentB = request.agent(b.app);
    await agentB.post('/api/auth/login').send({ email: org.email, password: org.password });
    expect(
      (await agentB.post('/api/leads').send({ leadName: 'Shared outbox', email: 'shared@example.test' })).status,
    ).toBe(201);
    const worker = (orm: MikroORM) =>
      new WebhookWorker(orm, a.deps.config.webhooks, a.deps.logger, new CredentialCipher(a.deps.config.sessionSecret));
    for (let round = 0; round < 3; round++) await Promise.all([worker(a.orm).runOnce(), worker(ormB).runOnce()]);
    expect(receiver.received.filter((r) => (r.json as { event: string }).event === 'lead.created')).toHaveLength(1);
  } finally {
    await receiver.close();
  }
});

it('the stage-drift job run by both instances at once raises one follow-up task', async () => {
  clock.advance(61_000);
  const agent = await a.login(org.email, org.password);
  const stages = await stageByName(agent);
  await agent.put(`/api/pipeline-stages/${stages.Proposal.id}`).send({ stagnantDays: 1 });
  const deal = await newOpportunity(agent, { name: 'Stalled', stageId: stages.Qualified.id });
  await moveStage(agent, deal.id, { stageId: stages.Proposal.id });
  clock.advance(3 * 86_400_000);
  await Promise.all([
    new StageDriftJob(a.orm, a.deps.services.tasks).runOnce(),
    new StageDriftJob(ormB, a.deps.services.tasks).runOnce(),
  ]);
  const tasks = await a.sql<{ n: string }>(
    `select count(*) as n from tasks where opportunity_id = $1 and dedupe_key like 'drift:%'`,
    [deal.id],
  );
  expect(Number(tasks[0].n)).toBe(1);
});
