/**
 * End to end with the real domain emitters (docs/events.md, "Which operation emits which event"): the
 * receiver gets the event of every committed operation, with the spec's data.
 */
import { createHmac } from 'node:crypto';
import { drain, subscribe, testWorker, WebhookReceiver } from './support/webhook-receiver';
import { createTestApp, TestApp } from './support/test-app';

let t: TestApp;
let receiver: WebhookReceiver;

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  receiver = await new WebhookReceiver().start();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

it('POST /api/leads emits lead.created and POST /api/leads/:id/convert emits lead.converted', async () => {
  const org = await t.registerOrg('Emitters');
  const sub = await subscribe(org.agent, receiver.url, { events: ['lead.created', 'lead.converted'] });
  const lead = await org.agent.post('/api/leads').send({
    leadName: 'Sam Rivera',
    email: 'sam@rivera.example',
    phone: '+15125550199',
    companyName: 'Rivera Builders',
    status: 'new',
  });
  expect(lead.status).toBe(201);
  const converted = await org.agent.post(`/api/leads/${lead.body.id}/convert`);
  expect(converted.status).toBe(201);
  // A create that fails validation commits nothing and sends nothing.
  expect((await org.agent.post('/api/leads').send({ leadName: '' })).status).toBe(400);
  await drain(testWorker(t));

  expect(receiver.received.map((r) => r.json.event)).toEqual(['lead.created', 'lead.converted']);
  const [created, conv] = receiver.received;
  expect(created.json).toEqual({
    event: 'lead.created',
    timestamp: expect.any(String),
    organizationId: org.organizationId,
    data: { id: lead.body.id, leadName: 'Sam Rivera', email: 'sam@rivera.example' },
  });
  expect(conv.json.data).toEqual({ leadId: lead.body.id, customerId: converted.body.id, convertedBy: org.userId });
  for (const r of receiver.received)
    expect(r.headers['x-webhook-signature']).toBe(createHmac('sha256', sub.secret).update(r.raw).digest('hex'));
});

it('every kind the spec names is declared by a module, and emitting an undeclared kind throws before writing', async () => {
  const { eventKinds } = await import('../src/composition');
  const { EventEmitter } = await import('../src/events/event-emitter');
  const spec = ['lead.created', 'lead.converted', 'opportunity.created', 'opportunity.stage_changed', 'task.created'];
  expect(eventKinds).toEqual(expect.arrayContaining([...spec, 'task.completed', 'call.received', 'email.received']));
  const org = await t.registerOrg('Undeclared');
  const em = t.deps.orm.em.fork();
  expect(() => new EventEmitter(eventKinds).emit(em, org.organizationId, 'lead.exploded', {})).toThrow(
    'event kind lead.exploded is not declared by any module',
  );
  expect(em.getUnitOfWork().getPersistStack().size).toBe(0);
});
