/** Invoices and payments (rental operations part 6) over the real stack. */
import { newCustomer } from './support/crm';
import { createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;
let org: Registered;
let member: Registered;
let customer: Record<string, any>;
let item: string;
let day = 0;

/** A pending transaction of 3 days of one unit at 100/day, on days of its own: 300 + 10 % tax = 330.00. */
async function order(customerId = customer.id, agent = org.agent, itemId = item): Promise<Record<string, any>> {
  day += 4;
  const pickup = new Date(Date.UTC(2027, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
  const ret = new Date(Date.UTC(2027, 0, 3) + day * 86_400_000).toISOString().slice(0, 10);
  const res = await agent
    .post('/api/transactions')
    .send({ customerId, pickupDate: pickup, returnDate: ret, lines: [{ itemId, quantity: 1 }] });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body;
}

async function invoice(body: Record<string, unknown>, agent = member.agent): Promise<Record<string, any>> {
  const res = await agent.post('/api/invoices').send(body);
  if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const pay = (id: string, body: Record<string, unknown>) =>
  member.agent.post(`/api/invoices/${id}/payments`).send({ method: 'card', ...body });

beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Billing');
  member = await t.addMember(org.organizationId, 'user');
  await org.agent.put('/api/settings/rental').send({ taxRate: '10', currency: 'USD' });
  customer = await newCustomer(org.agent, { name: 'Robin Hale' });
  item = (
    await org.agent
      .post('/api/inventory')
      .send({ name: 'Generator', itemNumber: 'GEN-1', dailyRate: '100.00', quantityOwned: 10 })
  ).body.id;
});
afterAll(() => t.close());

describe('invoices', () => {
  let first: Record<string, any>;
  let tx: Record<string, any>;

  it('invoices a transaction: draft, number 1 of the organization, amounts copied, due in 30 days', async () => {
    tx = await order();
    // Issued today so that it is not yet due whenever the test runs (the overdue case below uses past dates).
    const today = new Date().toISOString().slice(0, 10);
    const due = new Date(Date.parse(today) + 30 * 86_400_000).toISOString().slice(0, 10);
    first = await invoice({ transactionId: tx.id });
    expect(first).toMatchObject({
      number: 1,
      invoiceNumber: 'INV-000001',
      transactionId: tx.id,
      customerId: customer.id,
      customer: { name: 'Robin Hale' },
      issueDate: today,
      dueDate: due,
      status: 'draft',
      subtotal: '300.00',
      tax: '30.00',
      total: '330.00',
      amountPaid: '0.00',
      balance: '330.00',
      isPaid: false,
      currency: 'USD',
    });
  });

  it('one live invoice per transaction; cancelled, foreign and unknown transactions are refused', async () => {
    const again = await member.agent.post('/api/invoices').send({ transactionId: tx.id });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('INV-000001');
    const cancelled = await order();
    await org.agent.post(`/api/transactions/${cancelled.id}/cancel`);
    expect((await member.agent.post('/api/invoices').send({ transactionId: cancelled.id })).status).toBe(409);
    const other = await t.registerOrg('Other');
    const foreign = await member.agent
      .post('/api/invoices')
      .send({ transactionId: (await other.agent.get('/api/organization/users')).body.data[0].id });
    expect(foreign.status).toBe(404);
    expect(foreign.body.details).toEqual([{ field: 'transactionId', message: 'not found' }]);
    expect((await other.agent.get(`/api/invoices/${first.id}`)).status).toBe(404);
    expect(
      (await other.agent.post(`/api/invoices/${first.id}/payments`).send({ amount: '1.00', method: 'cash' })).status,
    ).toBe(404);
    expect(
      (
        await member.agent
          .post('/api/invoices')
          .send({ transactionId: tx.id, issueDate: '2027-01-10', dueDate: '2027-01-09' })
      ).body.details[0].field,
    ).toBe('dueDate');
    expect((await member.agent.post('/api/invoices').send({ transactionId: tx.id, total: '1.00' })).status).toBe(400);
  });

  it('numbers are a sequence per organization, without gaps, also under concurrency', async () => {
    const orders = [];
    for (let i = 0; i < 5; i++) orders.push(await order());
    const results = await Promise.all(
      orders.map((o) => member.agent.post('/api/invoices').send({ transactionId: o.id })),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(results.map((r) => r.body.number).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6]);
    const other = await t.registerOrg('Seq');
    const otherCustomer = await newCustomer(other.agent);
    const otherItem = (
      await other.agent.post('/api/inventory').send({ name: 'G', itemNumber: 'G', dailyRate: '1.00', quantityOwned: 1 })
    ).body.id;
    const theirs = await invoice(
      { transactionId: (await order(otherCustomer.id, other.agent, otherItem)).id },
      other.agent,
    );
    expect(theirs.number).toBe(1);
  });

  it('draft -> sent; past its due date a sent invoice is overdue; voiding an unpaid one frees the transaction', async () => {
    const sent = await member.agent.post(`/api/invoices/${first.id}/send`);
    expect(sent.body).toMatchObject({ status: 'sent', sentAt: expect.any(String) });
    expect((await member.agent.post(`/api/invoices/${first.id}/send`)).status).toBe(409);

    const late = await invoice({ transactionId: (await order()).id, issueDate: '2026-01-01', dueDate: '2026-01-31' });
    await member.agent.post(`/api/invoices/${late.id}/send`);
    expect((await member.agent.get(`/api/invoices/${late.id}`)).body.status).toBe('overdue');
    expect((await member.agent.get('/api/invoices?status=overdue')).body.data.map((i: { id: string }) => i.id)).toEqual(
      [late.id],
    );
    expect((await member.agent.get('/api/invoices?status=sent')).body.data.map((i: { id: string }) => i.id)).toEqual([
      first.id,
    ]);

    const voided = await member.agent.post(`/api/invoices/${late.id}/void`);
    expect(voided.body).toMatchObject({ status: 'void', voidedAt: expect.any(String) });
    expect((await member.agent.post(`/api/invoices/${late.id}/void`)).status).toBe(409);
    expect((await pay(late.id, { amount: '1.00' })).status).toBe(409);
    const reissued = await invoice({ transactionId: late.transactionId });
    expect(reissued.number).toBeGreaterThan(late.number);
  });
});

describe('payments', () => {
  it('reduce the balance; an overpayment is refused; balance 0 makes the invoice paid and final', async () => {
    const inv = await invoice({ transactionId: (await order()).id });
    const p1 = await pay(inv.id, { amount: '100', method: 'cash', paidOn: '2027-02-01', reference: 'Till 2' });
    expect(p1.status).toBe(201);
    expect(p1.body).toMatchObject({
      invoiceId: inv.id,
      amount: '100.00',
      method: 'cash',
      paidOn: '2027-02-01',
      reference: 'Till 2',
    });
    expect((await member.agent.get(`/api/invoices/${inv.id}`)).body).toMatchObject({
      amountPaid: '100.00',
      balance: '230.00',
      isPaid: false,
      status: 'draft',
    });

    const over = await pay(inv.id, { amount: '230.01' });
    expect(over.status).toBe(409);
    expect(over.body.details).toEqual([{ field: 'amount', message: 'must not exceed the balance 230.00' }]);
    for (const [body, field] of [
      [{ amount: '0' }, 'amount'],
      [{ amount: '-5.00' }, 'amount'],
      [{ amount: '5.001' }, 'amount'],
      [{ amount: '5.00', method: 'barter' }, 'method'],
      [{ amount: '5.00', paidOn: '2027-02-30' }, 'paidOn'],
    ] as const) {
      const res = await pay(inv.id, body);
      expect(res.status).toBe(400);
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    }

    const rest = await pay(inv.id, { amount: '230.00', method: 'bank_transfer' });
    expect(rest.status).toBe(201);
    const paid = (await member.agent.get(`/api/invoices/${inv.id}`)).body;
    expect(paid).toMatchObject({
      status: 'paid',
      isPaid: true,
      balance: '0.00',
      amountPaid: '330.00',
      paidAt: expect.any(String),
    });
    expect((await pay(inv.id, { amount: '0.01' })).status).toBe(409);
    expect((await member.agent.post(`/api/invoices/${inv.id}/void`)).status).toBe(409);
    const list = await member.agent.get(`/api/invoices/${inv.id}/payments`);
    expect(list.body.data.map((p: { amount: string }) => p.amount)).toEqual(['100.00', '230.00']);
  });

  it('an invoice with payments cannot be voided', async () => {
    const inv = await invoice({ transactionId: (await order()).id });
    await pay(inv.id, { amount: '10.00' });
    expect((await member.agent.post(`/api/invoices/${inv.id}/void`)).status).toBe(409);
  });

  it('simultaneous payments never add up to more than the total', async () => {
    const inv = await invoice({ transactionId: (await order()).id });
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => pay(inv.id, { amount: '100.00' })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 409, 409]);
    expect((await member.agent.get(`/api/invoices/${inv.id}`)).body).toMatchObject({
      amountPaid: '300.00',
      balance: '30.00',
    });
    const [sum] = await t.sql<{ s: string }>('select sum(amount)::text as s from payments where invoice_id = $1', [
      inv.id,
    ]);
    expect(sum.s).toBe('300.00');
  });

  it('completing the transaction raises the customer lifetime value; the list filters by customer and search', async () => {
    const second = await newCustomer(org.agent, { name: 'Sam Ortiz' });
    const o = await order(second.id);
    await invoice({ transactionId: o.id });
    await org.agent.post(`/api/transactions/${o.id}/complete`);
    expect((await org.agent.get(`/api/customers/${second.id}`)).body.lifetimeOrderValue).toBe('330.00');
    expect((await member.agent.get(`/api/invoices?customerId=${second.id}`)).body.pagination.totalItems).toBe(1);
    expect((await member.agent.get('/api/invoices?search=ortiz')).body.pagination.totalItems).toBe(1);
    expect((await member.agent.get('/api/invoices?sortBy=number&sortOrder=asc')).body.data[0].number).toBe(1);
  });
});
