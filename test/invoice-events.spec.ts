/** Invoice events in the outbox (docs/events.md): emitted with the change, workflow triggers and webhook filters. */
import { newCustomer } from './support/crm';
import { bulkItem, order } from './support/desk';
import { eventsOf } from './support/sales';
import { createTestApp, type Registered, type TestApp } from './support/test-app';
import { drainWorkflows } from './support/workflow-fixtures';

let t: TestApp;
let a: Registered;
let customer: Record<string, any>;
let item: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await t.registerOrg('Invoice Events Rentals');
  customer = await newCustomer(a.agent, { name: 'Pat Invoice' });
  item = await bulkItem(a, 'INV-EV', 5, '100.00');
});
afterAll(() => t.close());

async function invoiceOf(pickup: string, ret: string): Promise<Record<string, any>> {
  const o = await order(a, customer.id, [{ itemId: item, quantity: 1 }], pickup, ret);
  return (await a.agent.post('/api/invoices').send({ transactionId: o.id }).expect(201)).body;
}

it('invoice.created with the invoice, invoice.paid once when a payment clears the balance', async () => {
  const inv = await invoiceOf('2027-03-01', '2027-03-02');
  const [created] = (await eventsOf(t, a.organizationId, 'invoice.created')).filter((e) => e.id === inv.id);
  expect(created).toEqual({
    id: inv.id,
    customerId: customer.id,
    orderId: inv.transactionId,
    number: inv.number,
    status: 'draft',
    issueDate: inv.issueDate,
    dueDate: inv.dueDate,
    total: inv.total,
    amountPaid: '0.00',
    balanceDue: inv.total,
    currency: inv.currency,
    changedBy: a.userId,
  });
  await a.agent.post(`/api/invoices/${inv.id}/send`).expect(200);
  await a.agent.post(`/api/invoices/${inv.id}/payments`).send({ method: 'card', amount: '10.00' }).expect(201);
  expect((await eventsOf(t, a.organizationId, 'invoice.paid')).filter((e) => e.id === inv.id)).toEqual([]);
  const rest = (Number(inv.total) - 10).toFixed(2);
  await a.agent.post(`/api/invoices/${inv.id}/payments`).send({ method: 'card', amount: rest }).expect(201);
  const paid = (await eventsOf(t, a.organizationId, 'invoice.paid')).filter((e) => e.id === inv.id);
  expect(paid).toHaveLength(1);
  expect(paid[0]).toMatchObject({ status: 'paid', amountPaid: inv.total, balanceDue: '0.00' });
  // an overpayment is refused: its transaction rolls back, and no event with it
  const refused = await a.agent.post(`/api/invoices/${inv.id}/payments`).send({ method: 'card', amount: '1.00' });
  expect(refused.status).toBe(409);
  expect((await eventsOf(t, a.organizationId, 'invoice.paid')).filter((e) => e.id === inv.id)).toHaveLength(1);
});

it('invoice.paid starts a workflow; a webhook subscription filters on it', async () => {
  const w = await a.agent
    .post('/api/workflows')
    .send({
      name: 'Thank paid invoices',
      active: true,
      trigger: { event: 'invoice.paid' },
      conditions: { all: [{ field: 'total', op: 'greater_than', value: 50 }] },
      actions: [
        {
          type: 'create_task',
          title: 'Thank for invoice {{number}} ({{total}})',
          assignee: { rule: 'user', userId: a.userId },
        },
      ],
    })
    .expect(201);
  const inv = await invoiceOf('2027-04-01', '2027-04-02');
  await a.agent.post(`/api/invoices/${inv.id}/payments`).send({ method: 'cash', amount: inv.total }).expect(201);
  await drainWorkflows(t);
  const runs = (await a.agent.get(`/api/workflows/${w.body.id}/runs`).expect(200)).body.data;
  expect(runs.map((r: { status: string }) => r.status)).toEqual(['succeeded']);
  expect(runs[0].steps[1].input.title).toBe(`Thank for invoice ${inv.number} (${inv.total})`);
  const sub = await a.agent
    .post('/api/settings/webhooks')
    .send({ url: 'https://93.184.216.34/hooks', events: ['invoice.created', 'invoice.paid'] });
  expect(sub.status).toBe(201);
  expect(sub.body.subscription.events).toEqual(['invoice.created', 'invoice.paid']);
  const bad = await a.agent
    .post('/api/settings/webhooks')
    .send({ url: 'https://93.184.216.34/hooks', events: ['invoice.eaten'] });
  expect(bad.status).toBe(400);
});

it('invoice.overdue: once per invoice the first run after its due date (two instances at once), a workflow trigger, a webhook filter', async () => {
  const w = (
    await a.agent
      .post('/api/workflows')
      .send({
        name: 'Chase overdue invoices',
        active: true,
        trigger: { event: 'invoice.overdue' },
        conditions: { all: [{ field: 'daysLate', op: 'greater_than', value: 0 }] },
        actions: [
          {
            type: 'create_task',
            title: 'Chase invoice {{number}}: {{daysLate}} days late',
            assignee: { rule: 'user', userId: a.userId },
          },
        ],
      })
      .expect(201)
  ).body;
  const late = await invoiceOf('2027-05-01', '2027-05-02');
  const draft = await invoiceOf('2027-05-01', '2027-05-02');
  const paid = await invoiceOf('2027-05-01', '2027-05-02');
  for (const inv of [late, paid]) await a.agent.post(`/api/invoices/${inv.id}/send`).expect(200);
  await a.agent.post(`/api/invoices/${paid.id}/payments`).send({ method: 'cash', amount: paid.total }).expect(201);
  const job = t.deps.services.invoiceOverdue;
  const ours = async () =>
    (await eventsOf(t, a.organizationId, 'invoice.overdue')).filter((e) => [late.id, draft.id, paid.id].includes(e.id));
  // on its due date it is not overdue yet
  await job.runOnce(t.orm, new Date(`${late.dueDate}T12:00:00Z`));
  expect(await ours()).toEqual([]);
  const threeDaysLate = new Date(Date.parse(`${late.dueDate}T12:00:00Z`) + 3 * 86_400_000);
  await Promise.all([job.runOnce(t.orm, threeDaysLate), job.runOnce(t.orm, threeDaysLate)]);
  await job.runOnce(t.orm, new Date(threeDaysLate.getTime() + 86_400_000));
  const events = await ours();
  expect(events).toEqual([
    expect.objectContaining({ id: late.id, status: 'sent', balanceDue: late.total, changedBy: null, daysLate: 3 }),
  ]);
  expect(events[0].asOf).toBe(threeDaysLate.toISOString().slice(0, 10));
  await drainWorkflows(t);
  const runs = (await a.agent.get(`/api/workflows/${w.id}/runs`).expect(200)).body.data;
  expect(runs.map((r: { status: string }) => r.status)).toEqual(['succeeded']);
  expect(runs[0].steps[1].input.title).toBe(`Chase invoice ${late.number}: 3 days late`);
  const sub = await a.agent
    .post('/api/settings/webhooks')
    .send({ url: 'https://93.184.216.34/hooks', events: ['invoice.overdue'] })
    .expect(201);
  expect(sub.body.subscription.events).toEqual(['invoice.overdue']);
  await a.agent.put(`/api/workflows/${w.id}`).send({ active: false }).expect(200);
});
