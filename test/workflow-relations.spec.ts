/** Conditions on the trigger record's relations (docs/workflows.md, "Relations"): checked when saved, read as they are. */
import { clock } from '../src/lib/clock';
import { newCompany, newContact } from './support/crm';
import { newOpportunity } from './support/sales';
import { createTestApp, type Registered, type TestApp } from './support/test-app';
import { drainWorkflows } from './support/workflow-fixtures';

let t: TestApp;
let a: Registered;
let b: Registered;

beforeAll(async () => {
  t = await createTestApp();
  a = await t.registerOrg('Relation Rentals');
  b = await t.registerOrg('Other Relation Rentals');
});
afterEach(() => clock.reset());
afterAll(() => t.close());

const construction = { field: 'contact.company.industry', op: 'equals', value: 'Construction' };
/** On a new deal whose contact's company builds: a note now, and after a day, if it still does, a task. */
const builders = (extra: Record<string, unknown> = {}) => ({
  name: 'Builder deals',
  active: true,
  trigger: { event: 'opportunity.created' },
  conditions: { all: [construction] },
  actions: [
    {
      type: 'branch',
      if: { any: [{ field: 'contact.company.employeeCount', op: 'greater_than', value: 50 }] },
      then: [{ type: 'notify_user', to: { rule: 'user', userId: a.userId }, title: 'Big builder: {{name}}' }],
      else: [{ type: 'notify_user', to: { rule: 'user', userId: a.userId }, title: 'Small builder: {{name}}' }],
    },
    { type: 'wait', hours: 24 },
    { type: 'create_task', title: 'Call builder {{name}}', assignee: { rule: 'user', userId: a.userId } },
  ],
  ...extra,
});

async function runsOf(org: Registered, id: string): Promise<Record<string, any>[]> {
  return (await org.agent.get(`/api/workflows/${id}/runs`).expect(200)).body.data;
}

it('checks relation paths when saved: the relation, the field, the depth and the value, each with its path', async () => {
  const bad = await a.agent.post('/api/workflows').send(
    builders({
      conditions: {
        all: [
          { field: 'company.industry', op: 'equals', value: 'x' },
          { field: 'contact.industry', op: 'equals', value: 'x' },
          { field: 'contact.company.owner.email', op: 'equals', value: 'x' },
          { field: 'contact.company.employeeCount', op: 'greater_than', value: 'many' },
          { field: 'owner.email', op: 'equals', value: 'boss@example.test' },
        ],
      },
    }),
  );
  expect(bad.status).toBe(400);
  expect(bad.body.details).toEqual([
    {
      field: 'conditions.all[0].field',
      message: expect.stringContaining('company.industry: unknown relation "company"'),
    },
    {
      field: 'conditions.all[1].field',
      message: expect.stringContaining('contact.industry: unknown field "industry" of contact'),
    },
    { field: 'conditions.all[2].field', message: expect.stringContaining('2 records deep at most') },
    { field: 'conditions.all[3].value', message: 'must be a number' },
  ]);
});

it('runs on the relations as they are: at the start, in a branch, and again after a wait; test and simulate too', async () => {
  const w = (await a.agent.post('/api/workflows').send(builders()).expect(201)).body;
  const big = await newCompany(a.agent, { industry: 'Construction', employeeCount: 120 });
  const small = await newCompany(a.agent, { industry: 'Construction', employeeCount: 8 });
  const shop = await newCompany(a.agent, { industry: 'Retail' });
  const dealOf = async (companyId?: string) =>
    newOpportunity(a.agent, { contactId: (await newContact(a.agent, companyId ? { companyId } : {})).id });
  const bigDeal = await dealOf(big.id);
  const smallDeal = await dealOf(small.id);
  const shopDeal = await dealOf(shop.id);
  const loneDeal = await dealOf();
  await drainWorkflows(t);
  const runs = await runsOf(a, w.id);
  const of = (deal: Record<string, any>) => runs.find((r) => r.triggerData.id === deal.id)!;
  expect(of(bigDeal)).toMatchObject({ status: 'waiting' });
  expect(of(bigDeal).triggerData).toMatchObject({
    'contact.company.industry': 'Construction',
    'contact.company.employeeCount': 120,
  });
  expect(of(bigDeal).steps[1]).toMatchObject({ type: 'branch', outcome: 'met' });
  expect(of(smallDeal).steps[1]).toMatchObject({ type: 'branch', outcome: 'not_met' });
  expect(of(shopDeal)).toMatchObject({ status: 'skipped' });
  expect(of(loneDeal)).toMatchObject({ status: 'skipped' });
  expect(of(loneDeal).triggerData['contact.company.industry']).toBeNull();

  // the small builder moves to retail during the wait: its run stops; the big one goes on
  await a.agent.put(`/api/companies/${small.id}`).send({ industry: 'Retail' }).expect(200);
  clock.advance(25 * 3600_000);
  await drainWorkflows(t);
  clock.reset();
  const after = await runsOf(a, w.id);
  const now = (deal: Record<string, any>) => after.find((r) => r.triggerData.id === deal.id)!;
  expect(now(bigDeal).status).toBe('succeeded');
  expect(now(smallDeal)).toMatchObject({ status: 'stopped' });
  expect(now(smallDeal).triggerData['contact.company.industry']).toBe('Retail');

  // test: an event of the organization, and a record's fields whose relations are read under its organization
  const event = await t.sql<{ id: string }>(
    `select id from outbox_events where organization_id = $1 and event = 'opportunity.created' and payload->'data'->>'id' = $2`,
    [a.organizationId, bigDeal.id],
  );
  const tried = (await a.agent.post(`/api/workflows/${w.id}/test`).send({ eventId: event[0].id }).expect(200)).body;
  expect(tried.conditionsMet).toBe(true);
  expect(tried.data['contact.company.employeeCount']).toBe(120);
  const foreignContact = await newContact(b.agent, {
    companyId: (await newCompany(b.agent, { industry: 'Construction' })).id,
  });
  const foreign = (
    await a.agent
      .post(`/api/workflows/${w.id}/test`)
      .send({ data: { id: bigDeal.id, name: 'Forged', contactId: foreignContact.id } })
      .expect(200)
  ).body;
  expect(foreign.conditionsMet).toBe(false);
  expect(foreign.data['contact.company.industry']).toBeNull();
  const sim = (await a.agent.post(`/api/workflows/${w.id}/simulate`).expect(200)).body;
  // the big builder only: the small one is retail now, the shop and the lone contact never were
  expect(sim).toMatchObject({ events: 4, runs: 1, actions: { branch: 1, notify_user: 1, wait: 1, create_task: 1 } });
  await a.agent.put(`/api/workflows/${w.id}`).send({ active: false }).expect(200);
});

it("reads every related kind: a task's assignee, customer, deal and contact; an invoice's order", async () => {
  const task = (
    await a.agent
      .post('/api/workflows')
      .send({
        name: 'Every relation',
        trigger: { event: 'task.created' },
        conditions: {
          all: [
            { field: 'assignee.email', op: 'not_empty' },
            { field: 'customer.accountHold', op: 'equals', value: false },
            { field: 'customer.owner.role', op: 'not_empty' },
            { field: 'opportunity.contact.name', op: 'not_empty' },
            { field: 'contact.company.serviceAreas', op: 'empty' },
          ],
        },
        actions: [{ type: 'notify_user', to: { rule: 'owner' }, title: 'x' }],
      })
      .expect(201)
  ).body;
  const customer = (await a.agent.post('/api/customers').send({ name: 'Rel Customer', ownerId: a.userId }).expect(201))
    .body;
  const deal = await newOpportunity(a.agent, {});
  const data = {
    id: '00000000-0000-4000-8000-000000000001',
    assignedTo: a.userId,
    customerId: customer.id,
    opportunityId: deal.id,
    contactId: customer.contactId,
  };
  const tried = (await a.agent.post(`/api/workflows/${task.id}/test`).send({ data }).expect(200)).body;
  expect(tried.data).toMatchObject({ 'customer.accountHold': false, 'opportunity.contact.name': expect.any(String) });
  expect(tried.data['assignee.email']).toContain('@');
  const invoice = (
    await a.agent
      .post('/api/workflows')
      .send({
        name: 'Order relation',
        trigger: { date: 'invoice.dueDate', offsetDays: 14 },
        conditions: { all: [{ field: 'order.status', op: 'equals', value: 'pending' }] },
        actions: [{ type: 'notify_user', to: { rule: 'owner' }, title: 'x' }],
      })
      .expect(201)
  ).body;
  const none = await a.agent
    .post(`/api/workflows/${invoice.id}/test`)
    .send({ data: { id: data.id, orderId: '00000000-0000-4000-8000-000000000002' } })
    .expect(200);
  expect(none.body).toMatchObject({ conditionsMet: false, data: { 'order.status': null } });
});
