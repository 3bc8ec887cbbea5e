/** The workflow actions send_email and send_sms (docs/workflows.md, "Definitions"): templates, recipients, the outboxes. */
import { newLead } from './support/crm';
import { createTestApp, type Registered, type TestApp } from './support/test-app';
import { drainWorkflows } from './support/workflow-fixtures';

let t: TestApp;
let a: Registered;
let b: Registered;

beforeAll(async () => {
  t = await createTestApp();
  a = await t.registerOrg('Message Rentals');
  b = await t.registerOrg('Other Message Rentals');
});
afterAll(() => t.close());

const body = (actions: unknown[], trigger: unknown = { event: 'lead.created' }) => ({
  name: 'Welcome new leads',
  active: true,
  trigger,
  actions,
});

it('checks templates and recipients when saved: unknown merge fields, an unknown rule, no contact, a foreign user', async () => {
  const res = await a.agent.post('/api/workflows').send(
    body([
      { type: 'send_email', to: { rule: 'contact' }, subject: 'Hi {{contact.fax}}', text: '{{record.nope}} {{nope}}' },
      { type: 'send_email', to: { rule: 'owner' }, subject: 'For {{owner.shoeSize}}', text: '{{weather.today}}' },
      { type: 'send_sms', to: { rule: 'fax' }, text: 'Hi' },
      { type: 'send_email', to: { rule: 'user', userId: b.userId }, subject: 'x', text: 'y' },
    ]),
  );
  expect(res.status).toBe(400);
  const fields = res.body.details.map((d: { field: string }) => d.field);
  expect(fields).toEqual([
    'actions[0].subject',
    'actions[0].text',
    'actions[0].text',
    'actions[1].subject',
    'actions[1].text',
    'actions[2].to.rule',
  ]);
  expect(res.body.details[0].message).toBe(
    'unknown merge field {{contact.fax}}: record.<field>, contact.name|firstName|email|phone|city, owner.name|firstName|lastName|email, organization.name',
  );
  // the foreign user is checked once the shapes are right: answered like an unknown one
  const foreign = await a.agent
    .post('/api/workflows')
    .send(body([{ type: 'send_email', to: { rule: 'user', userId: b.userId }, subject: 'x', text: 'y' }]));
  expect(foreign.body.details).toEqual([
    { field: 'actions[0].to.userId', message: 'not a member of your organization' },
  ]);
  const noContact = await a.agent
    .post('/api/workflows')
    .send(
      body([{ type: 'send_sms', to: { rule: 'contact' }, text: 'Hi {{contact.name}}' }], { schedule: { atHour: 9 } }),
    );
  expect(noContact.body.details.map((d: { field: string }) => d.field)).toEqual(['actions[0].to', 'actions[0].text']);
  expect(await t.sql(`select 1 from workflows where organization_id = $1`, [a.organizationId])).toEqual([]);
});

it('sends the merged email and SMS to the contact through the outbound path, logged as activities, and an email to a member', async () => {
  const w = (
    await a.agent
      .post('/api/workflows')
      .send(
        body([
          {
            type: 'send_email',
            to: { rule: 'contact' },
            subject: 'Welcome to {{organization.name}}, {{contact.firstName}}',
            text: 'We got your request ({{record.leadName}}). {{owner.name}} will call {{contact.phone}}.',
          },
          {
            type: 'send_sms',
            to: { rule: 'contact' },
            text: 'Hi {{contact.firstName}}, thanks! {{organization.name}}',
          },
          {
            type: 'send_email',
            to: { rule: 'user', userId: a.userId },
            subject: 'New lead {{leadName}}',
            text: '{{email}}',
          },
        ]),
      )
      .expect(201)
  ).body;
  const lead = await newLead(a.agent, {
    leadName: 'Jordan Reyes',
    email: 'jordan@reyes.example',
    phone: '+15555550123',
    ownerId: a.userId,
  });
  await drainWorkflows(t);
  const [run] = (await a.agent.get(`/api/workflows/${w.id}/runs`).expect(200)).body.data;
  expect(run.status).toBe('succeeded');
  expect(run.steps.map((s: { type: string; outcome: string }) => [s.type, s.outcome])).toEqual([
    ['conditions', 'met'],
    ['send_email', 'done'],
    ['send_sms', 'done'],
    ['send_email', 'done'],
  ]);
  const [org] = await t.sql<{ name: string }>(`select name from organizations where id = $1`, [a.organizationId]);
  const [owner] = await t.sql<{ name: string }>(
    `select first_name || ' ' || last_name as name from users where id = $1`,
    [a.userId],
  );
  const mails = await t.sql<{ recipient: string; subject: string; text: string; kind: string }>(
    `select recipient, subject, text, kind from mail_outbox where organization_id = $1 order by created_at`,
    [a.organizationId],
  );
  expect(mails.filter((m) => ['contact.email', 'workflow.email'].includes(m.kind))).toEqual([
    {
      recipient: 'jordan@reyes.example',
      subject: `Welcome to ${org.name}, Jordan`,
      text: `We got your request (Jordan Reyes). ${owner.name} will call +15555550123.`,
      kind: 'contact.email',
    },
    { recipient: a.email, subject: 'New lead Jordan Reyes', text: 'jordan@reyes.example', kind: 'workflow.email' },
  ]);
  const sms = await t.sql<{ recipient: string; body: string; activity_id: string }>(
    `select recipient, body, activity_id from sms_outbox where organization_id = $1`,
    [a.organizationId],
  );
  expect(sms).toEqual([
    { recipient: '+15555550123', body: `Hi Jordan, thanks! ${org.name}`, activity_id: run.steps[2].output.activityId },
  ]);
  const timeline = await t.sql<{ type: string; source: string; direction: string; author_id: string | null }>(
    `select a.type, a.source, a.direction, a.author_id from activities a join leads l on l.contact_id = a.contact_id
     where l.id = $1 order by a.type`,
    [lead.id],
  );
  expect(timeline).toEqual([
    { type: 'email', source: 'workflow', direction: 'outbound', author_id: null },
    { type: 'sms', source: 'workflow', direction: 'outbound', author_id: null },
  ]);
  // test shows the messages without sending
  const before = (await t.sql(`select 1 from mail_outbox`)).length;
  const tried = await a.agent.post(`/api/workflows/${w.id}/test`).send({ data: { id: lead.id, leadName: 'Dry Run' } });
  expect(tried.body.steps[1]).toMatchObject({
    outcome: 'planned',
    input: { channel: 'email', subject: `Welcome to ${org.name}, Jordan` },
  });
  expect((await t.sql(`select 1 from mail_outbox`)).length).toBe(before);
  await a.agent.put(`/api/workflows/${w.id}`).send({ active: false }).expect(200);
});

it("texts a member's mobile number (the owner, a named user); a member without one fails the step, with the reason", async () => {
  await a.agent.patch('/api/auth/me').send({ phone: '+15555550177' }).expect(200);
  const member = await t.addMember(a.organizationId, 'user');
  const sms = (to: unknown, name: string) => ({
    ...body([{ type: 'send_sms', to, text: 'New lead {{leadName}} for {{owner.firstName}}' }]),
    name,
    conditions: { all: [{ field: 'leadName', op: 'contains', value: 'texted' }] },
  });
  const toOwner = (
    await a.agent
      .post('/api/workflows')
      .send(sms({ rule: 'owner' }, 'Text the owner'))
      .expect(201)
  ).body;
  const toMember = (
    await a.agent
      .post('/api/workflows')
      .send(sms({ rule: 'user', userId: member.userId }, 'Text a member'))
      .expect(201)
  ).body;
  const foreign = await a.agent.post('/api/workflows').send(sms({ rule: 'user', userId: b.userId }, 'Text abroad'));
  expect(foreign.body.details).toEqual([
    { field: 'actions[0].to.userId', message: 'not a member of your organization' },
  ]);
  await newLead(a.agent, { leadName: 'Sam texted', ownerId: a.userId });
  await drainWorkflows(t, true);
  const [owned] = (await a.agent.get(`/api/workflows/${toOwner.id}/runs`).expect(200)).body.data;
  expect(owned.status).toBe('succeeded');
  expect(owned.steps[1]).toMatchObject({ type: 'send_sms', outcome: 'done', input: { to: '+15555550177' } });
  const texts = await t.sql<{ recipient: string; body: string; activity_id: string | null }>(
    `select recipient, body, activity_id from sms_outbox where organization_id = $1 and recipient = '+15555550177'`,
    [a.organizationId],
  );
  expect(texts).toEqual([
    { recipient: '+15555550177', body: expect.stringMatching(/^New lead Sam texted for /), activity_id: null },
  ]);
  const [failed] = (await a.agent.get(`/api/workflows/${toMember.id}/runs`).expect(200)).body.data;
  expect(failed.status).toBe('failed');
  expect(failed.steps.at(-1)).toMatchObject({ type: 'send_sms', outcome: 'failed' });
  expect(failed.steps.at(-1).error).toContain('has no phone number');
  expect(failed.error).toContain('has no phone number');
  // once the member has a number, test plans the text to it
  await a.agent.patch(`/api/organization/users/${member.userId}`).send({ phone: '+15555550178' }).expect(200);
  const tried = await a.agent
    .post(`/api/workflows/${toMember.id}/test`)
    .send({ data: { leadName: 'Dry texted' } })
    .expect(200);
  expect(tried.body.steps[1]).toMatchObject({ outcome: 'planned', input: { channel: 'sms', to: '+15555550178' } });
  for (const w of [toOwner, toMember]) await a.agent.put(`/api/workflows/${w.id}`).send({ active: false }).expect(200);
});
