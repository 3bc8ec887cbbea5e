import { createHmac } from 'node:crypto';
import { clock } from '../src/lib/clock';
import { drain, emitEvents, subscribe, testWorker, WebhookReceiver } from './support/webhook-receiver';
import { createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;
let receiver: WebhookReceiver;

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
});
afterAll(() => t.close());
beforeEach(async () => {
  clock.reset();
  receiver = await new WebhookReceiver().start();
});
afterEach(async () => {
  await receiver.close();
  clock.reset();
});

/** A fresh organization with one subscription to the receiver. */
async function setup(
  extra: Record<string, unknown> = {},
): Promise<Registered & { sub: { id: string; secret: string } }> {
  const org = await t.registerOrg('Deliveries');
  return { ...org, sub: await subscribe(org.agent, receiver.url, extra) };
}

function deliveryOf(subscriptionId: string) {
  return t.sql<{ status: string; attempts: number; next_attempt_at: Date; last_status_code: number | null }>(
    'select status, attempts, next_attempt_at, last_status_code from webhook_deliveries where subscription_id = $1',
    [subscriptionId],
  );
}

describe('signing and the envelope', () => {
  it('POSTs the spec envelope, signed over the exact body bytes (hex header and Standard Webhooks)', async () => {
    const org = await setup();
    const [eventId] = await emitEvents(t, org.organizationId, 1);
    await drain(testWorker(t));
    expect(receiver.received).toHaveLength(1);
    const r = receiver.received[0];
    expect(r.json).toEqual({
      event: 'lead.created',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      organizationId: org.organizationId,
      data: { id: 'lead-0', leadName: 'Lead 0', email: 'lead0@example.test' },
    });
    expect(Object.keys(r.json)).toEqual(['event', 'timestamp', 'organizationId', 'data']);
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.headers['x-webhook-signature']).toBe(createHmac('sha256', org.sub.secret).update(r.raw).digest('hex'));
    expect(r.headers['x-webhook-id']).toBe(eventId);
    expect(r.headers['x-webhook-event']).toBe('lead.created');
    expect(r.headers['webhook-id']).toBe(eventId);
    const ts = String(r.headers['webhook-timestamp']);
    expect(Math.abs(Number(ts) - Date.now() / 1000)).toBeLessThan(300);
    const key = Buffer.from(org.sub.secret.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key)
      .update(`${eventId}.${ts}.${r.raw.toString('utf8')}`)
      .digest('base64');
    expect(r.headers['webhook-signature']).toBe(`v1,${expected}`);
    // A changed byte does not verify.
    const tampered = Buffer.from(r.raw.toString('utf8').replace('Lead 0', 'Lead 1'));
    expect(createHmac('sha256', org.sub.secret).update(tampered).digest('hex')).not.toBe(
      r.headers['x-webhook-signature'],
    );
  });

  it('after a rotation, signs with the new secret and, during the grace period, also with the old one', async () => {
    const org = await setup();
    const rotated = await org.agent.post(`/api/settings/webhooks/${org.sub.id}/rotate-secret`);
    await emitEvents(t, org.organizationId, 1);
    await drain(testWorker(t));
    const r = receiver.received[0];
    expect(r.headers['x-webhook-signature']).toBe(
      createHmac('sha256', rotated.body.secret).update(r.raw).digest('hex'),
    );
    expect(r.headers['x-webhook-signature-previous']).toBe(
      createHmac('sha256', org.sub.secret).update(r.raw).digest('hex'),
    );
    expect(String(r.headers['webhook-signature']).split(' ')).toHaveLength(2);

    clock.advance(25 * 3600_000); // grace period over
    await emitEvents(t, org.organizationId, 1);
    await drain(testWorker(t));
    expect(receiver.received[1].headers['x-webhook-signature-previous']).toBeUndefined();
  });

  it('sends only the kinds a subscription asked for', async () => {
    const org = await setup({ events: ['task.created'] });
    await emitEvents(t, org.organizationId, 2, 'lead.created');
    await emitEvents(t, org.organizationId, 1, 'task.created');
    await drain(testWorker(t));
    expect(receiver.received.map((r) => r.json.event)).toEqual(['task.created']);
  });
});

describe('the outbox', () => {
  it('never sends an event emitted in a transaction that rolled back', async () => {
    const org = await setup();
    await expect(
      t.orm.em.fork().transactional(async (em) => {
        t.deps.services.events.emit(em, org.organizationId, 'lead.created', {
          id: 'rolled-back',
          leadName: 'Ghost',
          email: 'g@example.test',
        });
        await em.flush();
        throw new Error('the change fails after the event was written');
      }),
    ).rejects.toThrow('the change fails');
    await emitEvents(t, org.organizationId, 1);
    await drain(testWorker(t));
    expect(receiver.received.map((r) => r.json.data.id)).toEqual(['lead-0']);
    expect(await t.sql(`select 1 from outbox_events where payload->'data'->>'id' = 'rolled-back'`)).toEqual([]);
  });
});

describe('retries', () => {
  it('retries 500s with backoff and delivers exactly once when the receiver recovers', async () => {
    const org = await setup();
    receiver.answerInOrder(500, 503, 500);
    await emitEvents(t, org.organizationId, 1);
    const worker = testWorker(t);
    await drain(worker);
    expect(receiver.received).toHaveLength(1);
    let [d] = await deliveryOf(org.sub.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 500 });
    // Backoff: not before 5 s (half of the 10 s base), so an immediate round sends nothing.
    expect(new Date(d.next_attempt_at).getTime() - clock.nowMs()).toBeGreaterThanOrEqual(5000);
    await drain(worker);
    expect(receiver.received).toHaveLength(1);
    for (let i = 0; i < 3; i++) {
      clock.advance(3600_000);
      await drain(worker);
    }
    expect(receiver.received.map((r) => r.answered)).toEqual([500, 503, 500, 200]);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    [d] = await deliveryOf(org.sub.id);
    expect(d).toMatchObject({ status: 'delivered', attempts: 4, last_status_code: 200 });
    clock.advance(3600_000);
    await drain(worker);
    expect(receiver.deliveredIds()).toHaveLength(1);
    const sub = (await org.agent.get(`/api/settings/webhooks/${org.sub.id}`)).body;
    expect(sub).toMatchObject({ active: true, consecutiveFailures: 0, failingSince: null });
  });

  it('honours Retry-After on a 429', async () => {
    const org = await setup();
    receiver.answerInOrder({ status: 429, headers: { 'retry-after': '120' } });
    await emitEvents(t, org.organizationId, 1);
    const worker = testWorker(t);
    await drain(worker);
    const [d] = await deliveryOf(org.sub.id);
    const wait = new Date(d.next_attempt_at).getTime() - clock.nowMs();
    expect(wait).toBeGreaterThan(118_000);
    expect(wait).toBeLessThanOrEqual(120_000);
    clock.advance(100_000);
    await drain(worker);
    expect(receiver.received).toHaveLength(1);
    clock.advance(21_000);
    await drain(worker);
    expect(receiver.received.map((r) => r.answered)).toEqual([429, 200]);
  });

  it('does not retry other 4xx', async () => {
    const org = await setup();
    receiver.answerInOrder(400);
    await emitEvents(t, org.organizationId, 1);
    const worker = testWorker(t);
    await drain(worker);
    clock.advance(24 * 3600_000);
    await drain(worker);
    expect(receiver.received).toHaveLength(1);
    expect((await deliveryOf(org.sub.id))[0]).toMatchObject({ status: 'failed', attempts: 1, last_status_code: 400 });
  });

  it('a receiver down for hours gets everything once it is back; a network error is retried', async () => {
    const org = await setup();
    // Down, but keeping the port: a closed port can be taken by another jest worker's server.
    receiver.down = true;
    await emitEvents(t, org.organizationId, 5);
    const worker = testWorker(t);
    for (let h = 0; h < 6; h++) {
      await drain(worker);
      clock.advance(3600_000);
    }
    const attempts = await t.sql<{ error: string; status_code: number | null }>(
      'select error, status_code from webhook_attempts where subscription_id = $1',
      [org.sub.id],
    );
    expect(attempts.length).toBeGreaterThanOrEqual(10);
    expect(attempts.every((a) => a.status_code === null && /ECONNRESET|socket hang up/.test(a.error))).toBe(true);
    receiver.down = false; // back, at the same URL
    clock.advance(7 * 3600_000);
    await drain(worker);
    expect(receiver.deliveredIds().sort()).toEqual(
      (await t.sql<{ id: string }>('select id from outbox_events where organization_id = $1', [org.organizationId]))
        .map((r) => r.id)
        .sort(),
    );
  });

  it('410 Gone disables the subscription and says why', async () => {
    const org = await setup();
    receiver.answerInOrder(410);
    await emitEvents(t, org.organizationId, 2);
    await drain(testWorker(t));
    const sub = (await org.agent.get(`/api/settings/webhooks/${org.sub.id}`)).body;
    expect(sub.active).toBe(false);
    expect(sub.disabledReason).toMatch(/410 Gone/);
    expect(sub.disabledAt).toEqual(expect.any(String));
  });

  it('a subscription failing for days is disabled with the reason; re-enabled, its waiting deliveries resume', async () => {
    const org = await setup();
    receiver.answer = () => ({ status: 503 });
    const [waiting] = await emitEvents(t, org.organizationId, 1);
    const worker = testWorker(t);
    for (let i = 0; i < 80 && (await org.agent.get(`/api/settings/webhooks/${org.sub.id}`)).body.active; i++) {
      await drain(worker);
      clock.advance(2 * 3600_000);
    }
    const sub = (await org.agent.get(`/api/settings/webhooks/${org.sub.id}`)).body;
    expect(sub.active).toBe(false);
    expect(sub.disabledReason).toMatch(/Every delivery failed since .* last error: HTTP 503/);
    expect(new Date(sub.disabledAt).getTime() - new Date(sub.failingSince).getTime()).toBeGreaterThanOrEqual(
      48 * 3600_000,
    );
    expect((await deliveryOf(org.sub.id))[0].status).toBe('pending'); // still inside its 72 h retry window, waiting

    // Events emitted while it is disabled are not queued for it; the admin fixes the receiver and re-enables.
    receiver.answer = () => ({ status: 200 });
    await emitEvents(t, org.organizationId, 1, 'task.created');
    await drain(worker);
    const before = receiver.received.length;
    const res = await org.agent.put(`/api/settings/webhooks/${org.sub.id}`).send({ active: true });
    expect(res.body).toMatchObject({ active: true, disabledReason: null, failingSince: null, consecutiveFailures: 0 });
    const ping = await org.agent.post(`/api/settings/webhooks/${org.sub.id}/ping`);
    expect(ping.status).toBe(202);
    clock.advance(6 * 3600_000 + 1000); // past the longest backoff
    await drain(worker);
    const after = receiver.received.slice(before);
    expect(after.map((r) => r.json.event).sort()).toEqual(['lead.created', 'ping']);
    expect(after.find((r) => r.json.event === 'lead.created')!.headers['webhook-id']).toBe(waiting);
  });
});

describe('the per-organization rate', () => {
  it('holds the excess back (not dropped) and sends it in the next minute', async () => {
    const org = await setup();
    await emitEvents(t, org.organizationId, 7);
    const worker = testWorker(t, { ratePerMinute: 3 });
    await drain(worker);
    expect(receiver.received).toHaveLength(3);
    clock.advance(61_000);
    await drain(worker);
    expect(receiver.received).toHaveLength(6);
    clock.advance(61_000);
    await drain(worker);
    expect(new Set(receiver.deliveredIds()).size).toBe(7);
  });
});
