/** The workflow action call_webhook (docs/workflows.md, "Definitions"): signed, guarded, retried, secret never out. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signBody, standardSignature } from '../src/events/webhook-signature';
import { dispatchOnce, runJob } from '../src/modules/workflows/workflow.jobs';
import { workflowConfig } from '../src/modules/workflows/workflow.settings';
import { createTestApp, type Registered, type TestApp } from './support/test-app';

const SECRET = 'whsec_' + Buffer.from('a workflow secret of 32 bytes!!!').toString('base64');

interface Received {
  body: string;
  headers: http.IncomingHttpHeaders;
  verified: boolean;
}
const received: Received[] = [];
let answers: number[] = [];
let receiver: http.Server;
let url: string;
let t: TestApp;
let a: Registered;
let b: Registered;

beforeAll(async () => {
  // A receiver that checks both signatures with the secret it was given, as a customer's endpoint would.
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const h = req.headers;
      const standard = standardSignature(String(h['webhook-id']), Number(h['webhook-timestamp']), body, SECRET);
      const verified = h['x-webhook-signature'] === signBody(body, SECRET) && h['webhook-signature'] === standard;
      received.push({ body, headers: h, verified });
      res.statusCode = verified ? (answers.shift() ?? 200) : 401;
      res.end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  a = await t.registerOrg('Webhook Workflow Rentals');
  b = await t.registerOrg('Other Webhook Rentals');
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => receiver.close(r));
});

const definition = (extra: Record<string, unknown> = {}) => ({
  name: 'Tell the ERP about new leads',
  active: true,
  trigger: { event: 'lead.created' },
  actions: [
    { type: 'call_webhook', url },
    { type: 'notify_user', to: { rule: 'user', userId: a.userId }, title: 'Sent {{leadName}}' },
  ],
  ...extra,
});

it('posts the record signed with the workflow secret; a refusal is retried with the same message id; the secret is never returned', async () => {
  const missing = await a.agent.post('/api/workflows').send(definition());
  expect(missing.status).toBe(400);
  expect(missing.body.details).toEqual([{ field: 'webhookSecret', message: expect.stringContaining('webhookSecret') }]);
  const res = await a.agent
    .post('/api/workflows')
    .send(definition({ webhookSecret: SECRET }))
    .expect(201);
  expect(res.body.hasWebhookSecret).toBe(true);
  expect(JSON.stringify(res.body)).not.toContain(SECRET);
  const read = await a.agent.get(`/api/workflows/${res.body.id}`).expect(200);
  expect(JSON.stringify(read.body)).not.toContain(SECRET.slice(6));
  const [stored] = await t.sql<{ webhook_secret: string }>(`select webhook_secret from workflows where id = $1`, [
    res.body.id,
  ]);
  expect(stored.webhook_secret).not.toContain(SECRET.slice(6, 20));

  const lead = (
    await a.agent.post('/api/leads').send({ leadName: 'Hook Lead', email: 'hook@lead.example' }).expect(201)
  ).body;
  answers = [503];
  const [job] = (await dispatchOnce(t.orm, workflowConfig(t.deps.config))).filter(
    (j) => j.organizationId === a.organizationId,
  );
  await expect(runJob(t.orm, t.deps.services.workflowRunner, job, { final: false })).rejects.toThrow('HTTP 503');
  let [run] = (await a.agent.get(`/api/workflows/${res.body.id}/runs`).expect(200)).body.data;
  expect(run).toMatchObject({ status: 'retrying', error: `webhook ${url} answered HTTP 503` });
  await runJob(t.orm, t.deps.services.workflowRunner, job, { final: false });
  [run] = (await a.agent.get(`/api/workflows/${res.body.id}/runs`).expect(200)).body.data;
  expect(run.status).toBe('succeeded');
  expect(run.steps[1]).toMatchObject({ type: 'call_webhook', outcome: 'done', output: { status: 200 } });

  expect(received).toHaveLength(2);
  expect(received.every((r) => r.verified)).toBe(true);
  expect(received[0].headers['webhook-id']).toBe(received[1].headers['webhook-id']);
  expect(received[0].headers['webhook-id']).toBe(`${run.id}:actions[0]`);
  expect(JSON.parse(received[1].body)).toMatchObject({
    id: `${run.id}:actions[0]`,
    workflowId: res.body.id,
    runId: run.id,
    event: 'lead.created',
    data: { id: lead.id, leadName: 'Hook Lead', email: 'hook@lead.example' },
  });
  // the notification after it is there once: the failed attempt rolled back
  const notes = await t.sql(`select 1 from notifications where organization_id = $1 and title = 'Sent Hook Lead'`, [
    a.organizationId,
  ]);
  expect(notes).toHaveLength(1);
  await a.agent.put(`/api/workflows/${res.body.id}`).send({ active: false }).expect(200);
});

it('refuses a URL that is not http(s) and another organization cannot see or use the workflow', async () => {
  const bad = await a.agent
    .post('/api/workflows')
    .send(definition({ webhookSecret: SECRET, actions: [{ type: 'call_webhook', url: 'ftp://example.com/x' }] }));
  expect(bad.status).toBe(400);
  expect(bad.body.details[0].field).toBe('actions[0].url');
  const short = await a.agent.post('/api/workflows').send(definition({ webhookSecret: 'short' }));
  expect(short.status).toBe(400);
  const w = (
    await a.agent
      .post('/api/workflows')
      .send(definition({ webhookSecret: SECRET, active: false }))
      .expect(201)
  ).body;
  expect((await b.agent.put(`/api/workflows/${w.id}`).send({ webhookSecret: 'x'.repeat(20) })).status).toBe(404);
  const tried = await a.agent
    .post(`/api/workflows/${w.id}/test`)
    .send({ data: { id: '00000000-0000-4000-8000-000000000001', leadName: 'Dry' } })
    .expect(200);
  expect(tried.body.steps[1]).toMatchObject({ type: 'call_webhook', outcome: 'planned', input: { url } });
  expect(received).toHaveLength(2);
});
