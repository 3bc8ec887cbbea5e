import { createHmac } from 'node:crypto';
import { clock } from '../src/lib/clock';
import { drain, emitEvents, subscribe, testWorker, WebhookReceiver } from './support/webhook-receiver';
import { createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;
let receiver: WebhookReceiver;
let org: Registered;

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  receiver = await new WebhookReceiver().start();
  org = await t.registerOrg('Log');
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});
beforeEach(() => clock.reset());

it('logs every attempt (time, status code, latency, error) per subscription and per event', async () => {
  const sub = await subscribe(org.agent, receiver.url);
  receiver.answerInOrder(500);
  const [eventId] = await emitEvents(t, org.organizationId, 1);
  const worker = testWorker(t);
  await drain(worker);
  clock.advance(3600_000);
  await drain(worker);

  const bySub = await org.agent.get(`/api/settings/webhooks/${sub.id}/attempts?sortBy=attemptedAt&sortOrder=asc`);
  expect(bySub.status).toBe(200);
  expect(bySub.body.pagination.totalItems).toBe(2);
  expect(bySub.body.data).toEqual([
    expect.objectContaining({
      attempt: 1,
      statusCode: 500,
      success: false,
      error: 'HTTP 500',
      eventId,
      subscriptionId: sub.id,
      event: 'lead.created',
      latencyMs: expect.any(Number),
      attemptedAt: expect.any(String),
      nextAttemptAt: expect.any(String),
    }),
    expect.objectContaining({ attempt: 2, statusCode: 200, success: true, error: null, nextAttemptAt: null }),
  ]);
  const byEvent = await org.agent.get(`/api/events/${eventId}/attempts`);
  expect(byEvent.body.data.map((a: { attempt: number }) => a.attempt)).toEqual([2, 1]);

  const deliveries = await org.agent.get(`/api/settings/webhooks/${sub.id}/deliveries`);
  expect(deliveries.body.data).toEqual([
    expect.objectContaining({ eventId, subscriptionId: sub.id, status: 'delivered', attempts: 2, lastStatusCode: 200 }),
  ]);
  expect((await org.agent.get(`/api/events/${eventId}/deliveries?status=failed`)).body.data).toEqual([]);

  const event = await org.agent.get(`/api/events/${eventId}`);
  expect(event.body).toMatchObject({
    id: eventId,
    event: 'lead.created',
    payload: { event: 'lead.created', organizationId: org.organizationId },
  });
  const events = await org.agent.get('/api/events?event=lead.created');
  expect(events.body.data.map((e: { id: string }) => e.id)).toContain(eventId);
  await org.agent.delete(`/api/settings/webhooks/${sub.id}`);
});

it('re-sends an event on request: to every subscription that receives it, or to one', async () => {
  const first = await subscribe(org.agent, receiver.url);
  const second = await subscribe(org.agent, `${receiver.url}?second`);
  const [eventId] = await emitEvents(t, org.organizationId, 1);
  const worker = testWorker(t);
  await drain(worker);
  const before = receiver.received.length;

  const all = await org.agent.post(`/api/events/${eventId}/redeliver`);
  expect(all.status).toBe(202);
  expect(all.body.map((d: { subscriptionId: string }) => d.subscriptionId).sort()).toEqual(
    [first.id, second.id].sort(),
  );
  expect(all.body.every((d: { status: string }) => d.status === 'pending')).toBe(true);
  await drain(worker);
  expect(receiver.received.slice(before).map((r) => r.headers['webhook-id'])).toEqual([eventId, eventId]);

  const one = await org.agent.post(`/api/events/${eventId}/redeliver?subscriptionId=${second.id}`);
  expect(one.body).toHaveLength(1);
  await drain(worker);
  expect(receiver.received.length).toBe(before + 3);
  expect(receiver.received[before + 2].headers['x-webhook-signature']).toBe(
    createHmac('sha256', second.secret)
      .update(receiver.received[before + 2].raw)
      .digest('hex'),
  );
  const attempts = await org.agent.get(`/api/events/${eventId}/attempts?subscriptionId=${second.id}`);
  expect(attempts.body.pagination.totalItems).toBe(3);

  const other = await t.registerOrg('NotYours');
  expect((await other.agent.post(`/api/events/${eventId}/redeliver`)).status).toBe(404);
  expect((await other.agent.get(`/api/events/${eventId}`)).status).toBe(404);
  expect(
    (
      await org.agent.post(
        `/api/events/${eventId}/redeliver?subscriptionId=${(await subscribe(other.agent, receiver.url)).id}`,
      )
    ).status,
  ).toBe(404);
  await org.agent.delete(`/api/settings/webhooks/${first.id}`);
  await org.agent.delete(`/api/settings/webhooks/${second.id}`);
});

it('pings a subscription with a signed test event', async () => {
  const sub = await subscribe(org.agent, receiver.url);
  const before = receiver.received.length;
  const ping = await org.agent.post(`/api/settings/webhooks/${sub.id}/ping`);
  expect(ping.status).toBe(202);
  expect(ping.body).toMatchObject({ event: 'ping', status: 'pending', subscriptionId: sub.id });
  await drain(testWorker(t));
  const [r] = receiver.received.slice(before);
  expect(r.json).toEqual({
    event: 'ping',
    timestamp: expect.any(String),
    organizationId: org.organizationId,
    data: { subscriptionId: sub.id, message: 'ping' },
  });
  expect(r.headers['x-webhook-signature']).toBe(createHmac('sha256', sub.secret).update(r.raw).digest('hex'));
  expect((await org.agent.get(`/api/events/${ping.body.eventId}/deliveries`)).body.data[0].status).toBe('delivered');

  await org.agent.put(`/api/settings/webhooks/${sub.id}`).send({ active: false });
  const refused = await org.agent.post(`/api/settings/webhooks/${sub.id}/ping`);
  expect(refused.status).toBe(409);
});

it('is for admins only', async () => {
  const user = await t.addMember(org.organizationId, 'user');
  expect((await user.agent.get('/api/events')).status).toBe(403);
  const [eventId] = await emitEvents(t, org.organizationId, 1);
  expect((await user.agent.post(`/api/events/${eventId}/redeliver`)).status).toBe(403);
});
