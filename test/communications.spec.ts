import { newContact, newCustomer } from './support/crm';
import { moveStage, newItem, newOpportunity, stageByName } from './support/sales';
import { createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const log = (org: Registered, body: Record<string, unknown>) => org.agent.post('/api/activities').send(body);

describe('activities', () => {
  it('logs an activity with computed sentiment and summary; lastContactedAt moves forward, never back', async () => {
    const org = await t.registerOrg('Comms');
    const c = await newContact(org.agent);
    const late = await log(org, {
      contactId: c.id,
      type: 'call',
      direction: 'outbound',
      occurredAt: '2026-11-20T10:00:00Z',
      body: 'The customer is unhappy: the generator broke down twice and they want a refund.',
    });
    expect(late.status).toBe(201);
    expect(late.body).toMatchObject({ source: 'user', authorId: org.userId, sentimentLabel: 'negative' });
    expect(late.body.sentimentScore).toBeLessThan(0);
    expect(late.body.summary).toEqual(expect.any(String));
    await log(org, { contactId: c.id, type: 'meeting', direction: 'outbound', occurredAt: '2026-11-01T10:00:00Z' });
    expect((await org.agent.get(`/api/contacts/${c.id}`)).body.lastContactedAt).toBe('2026-11-20T10:00:00.000Z');
  });

  it('refuses bad input with the field named, and another organization’s contact or opportunity as 404', async () => {
    const a = await t.registerOrg('A');
    const b = await t.registerOrg('B');
    const cb = await newContact(b.agent);
    const badEnums = await log(a, { contactId: cb.id, type: 'fax', direction: 'sideways' });
    expect(badEnums.status).toBe(400);
    expect(badEnums.body.details.map((d: any) => d.field).sort()).toEqual(['direction', 'type']);
    const bad = await log(a, { contactId: 'nope', type: 'call', direction: 'inbound', sentimentScore: 3 });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: any) => d.field).sort()).toEqual(['contactId', 'sentimentScore']);
    const foreign = await log(a, { contactId: cb.id, type: 'call', direction: 'inbound' });
    expect(foreign.status).toBe(404);
    const ca = await newContact(a.agent);
    const opp = await newOpportunity(b.agent);
    expect((await log(a, { contactId: ca.id, type: 'call', direction: 'inbound', opportunityId: opp.id })).status).toBe(
      404,
    );
    expect((await b.agent.get('/api/activities')).body.data).toEqual([]);
  });

  it('lists filter by contactId, type, direction, source, ownerId, search and date range, newest first', async () => {
    const org = await t.registerOrg('Lists');
    const member = await t.addMember(org.organizationId, 'user');
    const mine = await newContact(org.agent, { ownerId: member.userId });
    const other = await newContact(org.agent);
    await log(org, {
      contactId: mine.id,
      type: 'email',
      direction: 'inbound',
      subject: 'Crane rental',
      occurredAt: '2026-10-01T09:00:00Z',
    });
    await log(org, {
      contactId: mine.id,
      type: 'call',
      direction: 'outbound',
      subject: 'Follow-up',
      occurredAt: '2026-10-05T09:00:00Z',
    });
    await log(org, {
      contactId: other.id,
      type: 'sms',
      direction: 'outbound',
      body: 'crane ready',
      occurredAt: '2026-10-03T09:00:00Z',
    });
    const subjects = async (q: string) =>
      (await org.agent.get(`/api/activities?${q}`)).body.data.map((a: any) => a.subject ?? a.body);
    expect(await subjects('')).toEqual(['Follow-up', 'crane ready', 'Crane rental']);
    expect(await subjects(`contactId=${mine.id}`)).toEqual(['Follow-up', 'Crane rental']);
    expect(await subjects(`ownerId=${member.userId}&direction=inbound`)).toEqual(['Crane rental']);
    expect(await subjects('type=sms')).toEqual(['crane ready']);
    expect(await subjects('search=CRANE&sortBy=occurredAt&sortOrder=asc')).toEqual(['Crane rental', 'crane ready']);
    expect(await subjects('startDate=2026-10-02&endDate=2026-10-04')).toEqual(['crane ready']);
    expect(await subjects('source=webhook')).toEqual([]);
    expect((await org.agent.get('/api/activities?sortBy=password')).status).toBe(400);
  });

  it('updates and deletes; another organization gets 404', async () => {
    const a = await t.registerOrg('A');
    const b = await t.registerOrg('B');
    const c = await newContact(a.agent);
    const act = await log(a, { contactId: c.id, type: 'meeting', direction: 'outbound', subject: 'Site visit' });
    expect((await b.agent.put(`/api/activities/${act.body.id}`).send({ subject: 'x' })).status).toBe(404);
    expect((await b.agent.delete(`/api/activities/${act.body.id}`)).status).toBe(404);
    const put = await a.agent
      .put(`/api/activities/${act.body.id}`)
      .send({ subject: 'Site visit at the quarry', durationSeconds: 1800 });
    expect(put.body).toMatchObject({ subject: 'Site visit at the quarry', durationSeconds: 1800 });
    expect((await a.agent.delete(`/api/activities/${act.body.id}`)).status).toBe(200);
    expect((await a.agent.get(`/api/activities/${act.body.id}`)).status).toBe(404);
  });
});

describe('timeline', () => {
  it("merges activities, tasks, stage changes and rental orders of a customer's contact, newest first, paginated", async () => {
    const org = await t.registerOrg('Timeline');
    const customer = await newCustomer(org.agent);
    const stages = await stageByName(org.agent);
    const item = await newItem(org.agent);
    const deal = await newOpportunity(org.agent, {
      customerId: customer.id,
      value: '500.00',
      lines: [{ itemId: item.id, quantity: 1, unitPrice: '500.00' }],
    });
    await moveStage(org.agent, deal.id, { stageId: stages.Won.id, pickupDate: '2026-12-01', returnDate: '2026-12-03' });
    await org.agent.post('/api/tasks').send({ title: 'Call about delivery', customerId: customer.id }).expect(201);
    await log(org, {
      contactId: customer.contactId,
      type: 'call',
      direction: 'inbound',
      subject: 'Asked for a lift',
      occurredAt: '2030-01-01T00:00:00Z',
    });
    const all = await org.agent.get(`/api/contacts/${customer.contactId}/timeline`);
    expect(all.status).toBe(200);
    expect(all.body.data[0]).toMatchObject({ kind: 'activity', title: 'Asked for a lift', detail: 'call inbound' });
    expect(new Set(all.body.data.map((e: any) => e.kind))).toEqual(
      new Set(['activity', 'task', 'stage_change', 'rental_order']),
    );
    const times = all.body.data.map((e: any) => e.occurredAt);
    expect([...times].sort().reverse()).toEqual(times);
    const total = all.body.pagination.totalItems;
    const page2 = await org.agent.get(`/api/contacts/${customer.contactId}/timeline?limit=1&page=2`);
    expect(page2.body.data[0].id).toBe(all.body.data[1].id);
    expect(page2.body.pagination).toMatchObject({ totalItems: total, pageSize: 1 });
    expect(
      (await org.agent.get(`/api/contacts/${customer.contactId}/timeline?kind=task`)).body.data.map((e: any) => e.kind),
    ).toEqual(['task']);

    const gql = await t.gql(
      org.agent,
      `query($id: ID!) { contactTimeline(id: $id, limit: 2) { data { kind link } pagination { totalItems } } }`,
      {
        id: customer.contactId,
      },
    );
    expect(gql.data?.contactTimeline).toMatchObject({ pagination: { totalItems: total } });

    const other = await t.registerOrg('Other');
    expect((await other.agent.get(`/api/contacts/${customer.contactId}/timeline`)).status).toBe(404);
  });
});

describe('voice memos and AI task extraction', () => {
  it('extracts dated, assigned tasks from a memo once: a second run returns the same tasks and creates none', async () => {
    const org = await t.registerOrg('Memos');
    const c = await newContact(org.agent);
    const memo = await org.agent.post('/api/voice-memos').send({
      title: 'Hendricks visit',
      transcript:
        'Send the revised quote to Hendricks by Thursday. This is urgent. Also book the delivery truck for next week.',
      recordedAt: '2026-11-23T15:00:00Z',
      contactId: c.id,
    });
    expect(memo.status).toBe(201);
    expect(memo.body.status).toBe('transcribed');
    const first = await org.agent.post(`/api/voice-memos/${memo.body.id}/extract-tasks`).send();
    expect(first.status).toBe(200);
    expect(first.body.tasks.length).toBeGreaterThanOrEqual(1);
    const quote = first.body.tasks.find((x: any) => /quote/i.test(x.title));
    expect(quote).toMatchObject({
      isAiGenerated: true,
      source: 'voice_memo',
      sourceId: memo.body.id,
      assigneeId: org.userId,
      contactId: c.id,
    });
    expect(quote.dueDate).toBe('2026-11-26');
    const second = await org.agent.post(`/api/voice-memos/${memo.body.id}/extract-tasks`).send();
    expect(second.body.tasks.map((x: any) => x.id)).toEqual(first.body.tasks.map((x: any) => x.id));
    expect((await org.agent.get('/api/tasks?isAiGenerated=true')).body.pagination.totalItems).toBe(
      first.body.tasks.length,
    );
    const created = await t.sql(`select 1 from outbox_events where organization_id = $1 and event = 'task.created'`, [
      org.organizationId,
    ]);
    expect(created).toHaveLength(first.body.tasks.length);
    expect((await org.agent.get(`/api/voice-memos/${memo.body.id}`)).body.extractedTasks).toHaveLength(
      first.body.tasks.length,
    );
  });

  it('a text with no action yields no tasks; an activity can be extracted too', async () => {
    const org = await t.registerOrg('Memos');
    const c = await newContact(org.agent);
    const thanks = await org.agent
      .post('/api/voice-memos')
      .send({ transcript: 'Thanks for the great service last week, no action needed.' });
    expect((await org.agent.post(`/api/voice-memos/${thanks.body.id}/extract-tasks`).send()).body).toEqual({
      tasks: [],
    });
    const email = await log(org, {
      contactId: c.id,
      type: 'email',
      direction: 'inbound',
      occurredAt: '2026-11-23T09:00:00Z',
      body: 'Could you please send us the invoice for the October rental by Friday?',
    });
    const res = await org.agent.post(`/api/activities/${email.body.id}/extract-tasks`).send();
    expect(res.status).toBe(200);
    expect(res.body.tasks).toEqual([
      expect.objectContaining({ source: 'email', sourceId: email.body.id, dueDate: '2026-11-27' }),
    ]);
  });

  it('a run after the contact is renamed creates nothing: a task is known by its clause, not by its title', async () => {
    const org = await t.registerOrg('Memos');
    const c = await newContact(org.agent, { name: 'Frank Lindqvist' });
    const memo = await org.agent.post('/api/voice-memos').send({
      transcript: 'Send him the final notice on Friday.',
      recordedAt: '2026-11-23T15:00:00Z',
      contactId: c.id,
    });
    const first = await org.agent.post(`/api/voice-memos/${memo.body.id}/extract-tasks`).send();
    expect(first.body.tasks).toEqual([expect.objectContaining({ title: 'Send final notice to Frank Lindqvist' })]);
    expect((await org.agent.put(`/api/contacts/${c.id}`).send({ name: 'Frank Lind' })).status).toBe(200);
    const second = await org.agent.post(`/api/voice-memos/${memo.body.id}/extract-tasks`).send();
    expect(second.body.tasks.map((x: any) => x.id)).toEqual(first.body.tasks.map((x: any) => x.id));
    expect((await org.agent.get('/api/tasks?isAiGenerated=true')).body.pagination.totalItems).toBe(1);
  });

  it('a run after the title rules changed finds the tasks an earlier version keyed on their old title', async () => {
    const org = await t.registerOrg('Memos');
    const memo = await org.agent.post('/api/voice-memos').send({
      transcript: 'Grab the plate compactor from the Elm St job and service the roller. Also call the tire shop.',
      recordedAt: '2026-11-23T15:00:00Z',
    });
    const first = await org.agent.post(`/api/voice-memos/${memo.body.id}/extract-tasks`).send();
    expect(first.body.tasks).toHaveLength(3);
    // As an earlier version left them: keyed on titles the rules no longer write.
    await t.sql(
      `update tasks set dedupe_key = 'ai:' || source_id || ':' || md5(id::text), title = 'Old ' || title
        where organization_id = $1`,
      [org.organizationId],
    );
    const second = await org.agent.post(`/api/voice-memos/${memo.body.id}/extract-tasks`).send();
    expect(second.body.tasks.map((x: any) => x.id).sort()).toEqual(first.body.tasks.map((x: any) => x.id).sort());
    expect((await org.agent.get('/api/tasks?isAiGenerated=true')).body.pagination.totalItems).toBe(3);
  });

  it('uploads an audio memo (kept, pending without a transcribing provider) and refuses what is not audio', async () => {
    const org = await t.registerOrg('Audio');
    const res = await org.agent
      .post('/api/voice-memos/upload')
      .field('title', 'Drive-by note')
      .attach('audio', Buffer.from('RIFF....WAVEfmt '), { filename: 'note.wav', contentType: 'audio/wav' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'pending',
      audioContentType: 'audio/wav',
      audioSize: 16,
      title: 'Drive-by note',
    });
    const notAudio = await org.agent
      .post('/api/voice-memos/upload')
      .attach('audio', Buffer.from('hello'), { filename: 'x.txt', contentType: 'text/plain' });
    expect(notAudio.status).toBe(400);
    const badField = await org.agent
      .post('/api/voice-memos/upload')
      .field('durationSeconds', '-5')
      .attach('audio', Buffer.from('RIFF'), { filename: 'n.wav', contentType: 'audio/wav' });
    expect(badField.status).toBe(400);
    expect(badField.body.details).toEqual([expect.objectContaining({ field: 'durationSeconds' })]);
    expect((await org.agent.get('/api/voice-memos')).body.pagination.totalItems).toBe(1);
    expect((await t.agent().post('/api/voice-memos/upload').attach('audio', Buffer.from('x'), 'a.wav')).status).toBe(
      401,
    );
  });
});

describe('notifications', () => {
  it('a task given to a colleague notifies them; only they see it; mark one and all read', async () => {
    const org = await t.registerOrg('Notify');
    const colleague = await t.addMember(org.organizationId, 'user');
    await org.agent.post('/api/tasks').send({ title: 'Deliver the lift', assigneeId: colleague.userId }).expect(201);
    await org.agent.post('/api/tasks').send({ title: 'My own task' }).expect(201); // assigned to me by me: no notification
    const mine = await colleague.agent.get('/api/notifications');
    expect(mine.body.data).toEqual([expect.objectContaining({ kind: 'task.assigned', read: false })]);
    expect((await org.agent.get('/api/notifications')).body.data).toEqual([]);
    const id = mine.body.data[0].id;
    expect((await org.agent.post(`/api/notifications/${id}/read`).send()).status).toBe(404);
    expect((await colleague.agent.post(`/api/notifications/${id}/read`).send()).body.read).toBe(true);
    expect((await colleague.agent.get('/api/notifications?unread=true')).body.data).toEqual([]);
    const task = await org.agent.post('/api/tasks').send({ title: 'Another' });
    await org.agent.put(`/api/tasks/${task.body.id}`).send({ assigneeId: colleague.userId }).expect(200);
    expect((await colleague.agent.post('/api/notifications/read-all').send()).body).toEqual({ updated: 1 });
  });
});

describe('outbound email and SMS', () => {
  it('mails the contact through the mailer and logs an outbound email activity; SMS goes to the sms outbox', async () => {
    const org = await t.registerOrg('Outbound');
    const c = await newContact(org.agent, { phone: '+14155550111' });
    const mail = await org.agent
      .post(`/api/contacts/${c.id}/emails`)
      .send({ subject: 'Your quote', text: 'Hi, the quote is attached.' });
    expect(mail.status).toBe(201);
    expect(mail.body).toMatchObject({
      type: 'email',
      direction: 'outbound',
      source: 'user',
      contactId: c.id,
      subject: 'Your quote',
    });
    expect(await t.sql('select subject from mail_outbox where recipient = $1', [c.email])).toEqual([
      { subject: 'Your quote' },
    ]);
    const sms = await org.agent.post(`/api/contacts/${c.id}/sms`).send({ body: 'Your excavator is ready.' });
    expect(sms.status).toBe(201);
    expect(
      await t.sql('select recipient, body, activity_id from sms_outbox where organization_id = $1', [
        org.organizationId,
      ]),
    ).toEqual([{ recipient: '+14155550111', body: 'Your excavator is ready.', activity_id: sms.body.id }]);
    const noPhone = await newContact(org.agent);
    const refused = await org.agent.post(`/api/contacts/${noPhone.id}/sms`).send({ body: 'x' });
    expect(refused.status).toBe(400);
    expect(await t.sql('select 1 from sms_outbox where organization_id = $1', [org.organizationId])).toHaveLength(1);
  });
});
