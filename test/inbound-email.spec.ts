import { hexHmacSha256 } from '../src/http/inbound-signatures';
import { postmarkInbound } from './support/inbound-payloads';
import { createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function inboundAddress(org: Registered): Promise<string> {
  return (await org.agent.get('/api/settings/organization')).body.inboundEmailAddress;
}

function genericEmail(to: string, over: Record<string, unknown> = {}) {
  return {
    messageId: `<${Math.random().toString(36).slice(2)}@mail.example>`,
    from: { address: 'Dana.Hendricks@Hendricks.example', name: 'Dana Hendricks' },
    to: [to],
    cc: [],
    subject: 'Two scissor lifts for Monday',
    text: 'Hi, we need two 26ft scissor lifts on Monday. Please send the revised quote by Thursday. Thanks, great service as always!',
    receivedAt: '2026-11-20T14:00:00Z',
    attachments: [{ filename: 'site-plan.pdf', contentType: 'application/pdf', size: 20480 }],
    ...over,
  };
}

const countOf = async (table: string, organizationId: string) =>
  Number(
    (await t.sql<{ n: string }>(`select count(*) as n from ${table} where organization_id = $1`, [organizationId]))[0]
      .n,
  );

describe('POST /webhooks/generic/email: the spec six steps', () => {
  it('(a)(b) finds a current contact by email, ignoring case, and logs an inbound email activity on it; (d) subscribes; (e) sentiment and summary; (f) notifies its owner', async () => {
    const org = await t.registerOrg('Inbound');
    const owner = await t.addMember(org.organizationId, 'user');
    const contact = await org.agent.post('/api/contacts').send({
      name: 'Dana Hendricks',
      email: 'dana.hendricks@hendricks.example',
      status: 'customer',
      ownerId: owner.userId,
    });
    expect(contact.status).toBe(201);
    const res = await t
      .agent()
      .post('/webhooks/generic/email')
      .send(genericEmail(await inboundAddress(org)));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'processed', contactId: contact.body.id, contactCreated: false });

    const activity = await org.agent.get(`/api/activities/${res.body.activityId}`);
    expect(activity.body).toMatchObject({
      contactId: contact.body.id,
      type: 'email',
      direction: 'inbound',
      source: 'webhook',
      subject: 'Two scissor lifts for Monday',
      attachments: [{ filename: 'site-plan.pdf', contentType: 'application/pdf', size: 20480 }],
      sentimentLabel: 'positive',
    });
    expect(activity.body.summary).toEqual(expect.any(String));
    expect((await org.agent.get(`/api/contacts/${contact.body.id}`)).body.lastContactedAt).toBe(
      '2026-11-20T14:00:00.000Z',
    );

    const subs = await org.agent.get(`/api/contacts/${contact.body.id}/email-subscriptions`);
    expect(subs.body).toEqual([
      expect.objectContaining({ address: 'dana.hendricks@hendricks.example', origin: 'inbound_email' }),
    ]);

    const ownerNotes = await owner.agent.get('/api/notifications?unread=true');
    expect(ownerNotes.body.data).toEqual([
      expect.objectContaining({ kind: 'email.received', link: `/api/activities/${res.body.activityId}`, read: false }),
    ]);
    expect((await org.agent.get('/api/notifications')).body.data).toEqual([]); // the admin is not the owner

    const events = await t.sql<{ payload: any }>(
      `select payload from outbox_events where organization_id = $1 and event = 'email.received'`,
      [org.organizationId],
    );
    expect(events).toHaveLength(1);
  });

  it('(c) an unknown sender becomes a contact with status unknown named from the display name; no owner: the admins are notified', async () => {
    const org = await t.registerOrg('Inbound');
    const res = await t
      .agent()
      .post('/webhooks/generic/email')
      .send(genericEmail(await inboundAddress(org), { from: { address: 'pat@newco.example', name: 'Pat Newco' } }));
    expect(res.status).toBe(200);
    expect(res.body.contactCreated).toBe(true);
    const contact = await org.agent.get(`/api/contacts/${res.body.contactId}`);
    expect(contact.body).toMatchObject({ name: 'Pat Newco', email: 'pat@newco.example', status: 'unknown' });
    const notes = await org.agent.get('/api/notifications');
    expect(notes.body.data.map((n: any) => n.kind)).toEqual(['email.received']);

    const bare = await t
      .agent()
      .post('/webhooks/generic/email')
      .send(genericEmail(await inboundAddress(org), { from: { address: 'noname@newco.example' } }));
    expect((await org.agent.get(`/api/contacts/${bare.body.contactId}`)).body.name).toBe('noname@newco.example');
  });

  it('a retried delivery (same messageId) creates nothing new and answers 200', async () => {
    const org = await t.registerOrg('Inbound');
    const body = genericEmail(await inboundAddress(org), { from: { address: 'retry@newco.example', name: 'Retry' } });
    const first = await t.agent().post('/webhooks/generic/email').send(body);
    const counts = await Promise.all(
      ['activities', 'contacts', 'notifications', 'outbox_events'].map((x) => countOf(x, org.organizationId)),
    );
    const again = await t.agent().post('/webhooks/generic/email').send(body);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'duplicate', activityId: first.body.activityId });
    expect(
      await Promise.all(
        ['activities', 'contacts', 'notifications', 'outbox_events'].map((x) => countOf(x, org.organizationId)),
      ),
    ).toEqual(counts);
  });

  it('an unknown recipient writes nothing anywhere', async () => {
    const org = await t.registerOrg('Inbound');
    const before = await t.sql<{ n: string }>('select count(*) as n from activities');
    const res = await t.agent().post('/webhooks/generic/email').send(genericEmail('nobody-0000000000@in.example.test'));
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ignored');
    expect(await t.sql('select count(*) as n from activities')).toEqual(before);
    expect(await countOf('contacts', org.organizationId)).toBe(0);
  });

  it('tenancy: the same sender address in two organizations; the delivery lands on the addressed one only', async () => {
    const a = await t.registerOrg('A');
    const b = await t.registerOrg('B');
    const ca = await a.agent
      .post('/api/contacts')
      .send({ name: 'Dana A', email: 'shared@hendricks.example', status: 'lead' });
    const cb = await b.agent
      .post('/api/contacts')
      .send({ name: 'Dana B', email: 'shared@hendricks.example', status: 'lead' });
    const res = await t
      .agent()
      .post('/webhooks/generic/email')
      .send(genericEmail(await inboundAddress(b), { from: { address: 'SHARED@hendricks.example', name: 'Dana' } }));
    expect(res.body.contactId).toBe(cb.body.id);
    expect((await a.agent.get('/api/activities')).body.data).toEqual([]);
    expect((await a.agent.get(`/api/activities/${res.body.activityId}`)).status).toBe(404);
    expect((await a.agent.get(`/api/contacts/${ca.body.id}`)).body.lastContactedAt).toBeNull();
  });

  it('a webhook-made activity is read-only in its content', async () => {
    const org = await t.registerOrg('Inbound');
    const res = await t
      .agent()
      .post('/webhooks/generic/email')
      .send(genericEmail(await inboundAddress(org)));
    const put = await org.agent.put(`/api/activities/${res.body.activityId}`).send({ body: 'rewritten' });
    expect(put.status).toBe(400);
    expect(put.body.details).toEqual([expect.objectContaining({ field: 'body' })]);
    const ok = await org.agent
      .put(`/api/activities/${res.body.activityId}`)
      .send({ summary: 'Wants two lifts Monday' });
    expect(ok.status).toBe(200);
    expect(ok.body.summary).toBe('Wants two lifts Monday');
  });
});

describe('POST /webhooks/postmark/email: Postmark inbound JSON as documented', () => {
  it('routes by the recipient address and logs the email', async () => {
    const org = await t.registerOrg('Postmark');
    const res = await t
      .agent()
      .post('/webhooks/postmark/email')
      .send(postmarkInbound({ to: await inboundAddress(org), messageId: 'pm-1' }));
    expect(res.status).toBe(200);
    const contact = await org.agent.get(`/api/contacts/${res.body.contactId}`);
    expect(contact.body).toMatchObject({
      email: 'support@postmarkapp.com',
      name: 'Postmarkapp Support',
      status: 'unknown',
    });
    const activity = await org.agent.get(`/api/activities/${res.body.activityId}`);
    expect(activity.body).toMatchObject({ subject: 'Test subject', provider: 'postmark', externalId: 'pm-1' });
  });
});

describe('signatures', () => {
  it('with a generic secret configured, a missing or wrong X-Webhook-Signature is 401 and writes nothing; the right one passes', async () => {
    const org = await t.registerOrg('Signed');
    const put = await org.agent
      .put('/api/settings/webhook-secrets')
      .send({ provider: 'generic', secret: 'shh-generic-secret' });
    expect(put.status).toBeLessThan(300);
    const raw = JSON.stringify(genericEmail(await inboundAddress(org)));
    const send = (sig?: string) => {
      const r = t.agent().post('/webhooks/generic/email').set('content-type', 'application/json');
      return (sig ? r.set('x-webhook-signature', sig) : r).send(raw);
    };
    const missing = await send();
    expect(missing.status).toBe(401);
    expect(missing.body.code).toBe('INVALID_SIGNATURE');
    expect((await send('00'.repeat(32))).status).toBe(401);
    expect(await countOf('activities', org.organizationId)).toBe(0);
    expect(await countOf('contacts', org.organizationId)).toBe(0);
    expect((await send(hexHmacSha256(raw, 'shh-generic-secret'))).status).toBe(200);
    expect(await countOf('activities', org.organizationId)).toBe(1);
  });
});
