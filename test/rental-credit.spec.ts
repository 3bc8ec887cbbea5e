/** Credit (docs/rental.md, "Credit"): a credit limit and an account hold per customer, an admin's audited override. */
import { newCustomer } from './support/crm';
import { bulkItem } from './support/desk';
import { createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;
let org: Registered;
let member: Registered;
let item: string;
let day = 0;

/** 3 days of `quantity` units at 100/day, no tax: 300.00 a unit. */
function request(
  agent: Registered['agent'],
  customerId: string,
  quantity: number,
  extra: Record<string, unknown> = {},
) {
  day += 4;
  const pickupDate = new Date(Date.UTC(2027, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
  const returnDate = new Date(Date.UTC(2027, 0, 3) + day * 86_400_000).toISOString().slice(0, 10);
  return agent
    .post('/api/transactions')
    .send({ customerId, pickupDate, returnDate, lines: [{ itemId: item, quantity }], ...extra });
}

const figures = (details: { field: string; message: string }[]) =>
  Object.fromEntries(details.map((d) => [d.field, d.message]));

beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Credit');
  member = await t.addMember(org.organizationId, 'user');
  item = await bulkItem(org, 'GEN', 50, '100.00');
});
afterAll(() => t.close());

describe('credit limit', () => {
  let customer: Record<string, any>;

  beforeAll(async () => {
    customer = await newCustomer(org.agent, { name: 'Tight Budget', creditLimit: '1000' });
    expect(customer).toMatchObject({ creditLimit: '1000.00', accountHold: false });
  });

  it('books within the limit, counting open orders and invoices, and refuses past it with the figures', async () => {
    const first = await request(member.agent, customer.id, 2); // 600.00
    expect(first.status).toBe(201);
    const inv = await member.agent.post('/api/invoices').send({ transactionId: first.body.id });
    await member.agent.post(`/api/invoices/${inv.body.id}/payments`).send({ amount: '100', method: 'cash' });
    // open: invoice balance 500.00; this order 600.00: over by 100.00
    const refused = await request(member.agent, customer.id, 2);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CREDIT_LIMIT_EXCEEDED');
    expect(figures(refused.body.details)).toEqual({
      creditLimit: '1000.00',
      openBalance: '500.00',
      thisOrder: '600.00',
      overBy: '100.00',
    });
    expect(refused.body.message).toContain('by 100.00 USD');
    const fits = await request(member.agent, customer.id, 1); // 500 + 300 = 800
    expect(fits.status).toBe(201);
    // an order not yet invoiced counts by its total: 500 + 300 + 300 > 1000
    const extend = await member.agent
      .post(`/api/transactions/${fits.body.id}/extend`)
      .send({ returnDate: new Date(Date.parse(fits.body.returnDate) + 86_400_000 * 3).toISOString().slice(0, 10) });
    expect(extend.status).toBe(409);
    expect(figures(extend.body.details)).toMatchObject({
      openBalance: '500.00',
      thisOrder: '600.00',
      overBy: '100.00',
    });
    const unchanged = await member.agent.get(`/api/transactions/${fits.body.id}`);
    expect(unchanged.body.total).toBe('300.00');
  });

  it('a customer without a limit is not checked', async () => {
    const free = await newCustomer(org.agent, { name: 'No Limit' });
    expect((await request(member.agent, free.id, 40)).status).toBe(201);
  });

  it('a member cannot override (403); an admin can, with a reason kept on the order and in the audit log', async () => {
    const byMember = await request(member.agent, customer.id, 3, { creditOverrideReason: 'trust me' });
    expect(byMember.status).toBe(403);
    const byAdmin = await request(org.agent, customer.id, 3, { creditOverrideReason: 'Paid by wire on Monday' });
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.creditOverrideReason).toBe('CREDIT_LIMIT_EXCEEDED: Paid by wire on Monday');
    const audit = await org.agent.get('/api/audit').query({ operation: 'createTransaction' });
    expect(audit.status).toBe(200);
    expect(audit.body.data).toEqual([
      expect.objectContaining({
        action: `credit.override ${byAdmin.body.id}: CREDIT_LIMIT_EXCEEDED: Paid by wire on Monday`,
        recordId: byAdmin.body.id,
        kind: 'write',
        user: expect.objectContaining({ email: org.email }),
      }),
    ]);
  });
});

describe('concurrency', () => {
  it('two simultaneous orders that each fit but not together: one is booked, the other refused', async () => {
    const c = await newCustomer(org.agent, { name: 'Race Ltd', creditLimit: '1000' });
    // different items: nothing but the customer's row orders the two (booking.ts locks items, credit.ts the customer)
    const other = await bulkItem(org, 'AIR', 10, '100.00');
    const answers = await Promise.all([
      request(member.agent, c.id, 2),
      request(member.agent, c.id, 2, { lines: [{ itemId: other, quantity: 2 }] }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)?.body.code).toBe('CREDIT_LIMIT_EXCEEDED');
  });

  it('two simultaneous refunds of a deposit held once: one is recorded, the other refused', async () => {
    await org.agent.put('/api/settings/rental').send({ depositPolicy: 'fixed', depositAmount: '100' });
    const c = await newCustomer(org.agent, { name: 'Refund Race' });
    const o = (await request(member.agent, c.id, 1)).body;
    const deposit = (body: Record<string, unknown>) =>
      member.agent.post(`/api/transactions/${o.id}/deposits`).send({ method: 'cash', ...body });
    expect((await deposit({ kind: 'deposit', amount: '100' })).status).toBe(201);
    const refunds = await Promise.all([
      deposit({ kind: 'deposit_refund', amount: '70' }),
      deposit({ kind: 'deposit_refund', amount: '70' }),
    ]);
    expect(refunds.map((r) => r.status).sort()).toEqual([201, 409]);
    const after = (await member.agent.get(`/api/transactions/${o.id}`)).body;
    expect(after).toMatchObject({ depositRefunded: '70.00', depositHeld: '30.00' });
  });
});

describe('account hold', () => {
  it('refuses every new order (409 ACCOUNT_ON_HOLD with the reason) until released or overridden', async () => {
    const held = await newCustomer(org.agent, { name: 'On Hold Ltd' });
    const booked = await request(member.agent, held.id, 1);
    expect(booked.status).toBe(201);
    const put = await member.agent
      .put(`/api/customers/${held.id}`)
      .send({ accountHold: true, accountHoldReason: 'Returned check' });
    expect(put.body).toMatchObject({ accountHold: true, accountHoldReason: 'Returned check' });
    const refused = await request(member.agent, held.id, 1);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'ACCOUNT_ON_HOLD',
      details: [{ field: 'customerId', message: 'Returned check' }],
    });
    expect(refused.body.message).toContain('Returned check');
    const extend = await member.agent
      .post(`/api/transactions/${booked.body.id}/extend`)
      .send({ returnDate: new Date(Date.parse(booked.body.returnDate) + 86_400_000).toISOString().slice(0, 10) });
    expect(extend.status).toBe(409);
    expect(extend.body.code).toBe('ACCOUNT_ON_HOLD');
    const overridden = await org.agent.post(`/api/transactions/${booked.body.id}/extend`).send({
      returnDate: new Date(Date.parse(booked.body.returnDate) + 86_400_000).toISOString().slice(0, 10),
      creditOverrideReason: 'Job finishing; check re-sent',
    });
    expect(overridden.status).toBe(200);
    expect(overridden.body.transaction.creditOverrideReason).toBe('ACCOUNT_ON_HOLD: Job finishing; check re-sent');
    await member.agent.put(`/api/customers/${held.id}`).send({ accountHold: false });
    expect((await request(member.agent, held.id, 1)).status).toBe(201);
  });

  it('over GraphQL the refusal carries the code', async () => {
    const held = await newCustomer(org.agent, { name: 'Held Too', accountHold: true });
    day += 4;
    const res = await member.agent.post('/graphql').send({
      query: `mutation($input: TransactionInput!) { createTransaction(input: $input) { id } }`,
      variables: {
        input: {
          customerId: held.id,
          pickupDate: '2028-01-01',
          returnDate: '2028-01-02',
          lines: [{ itemId: item, quantity: 1 }],
        },
      },
    });
    expect(res.body.errors[0].extensions.code).toBe('ACCOUNT_ON_HOLD');
  });
});
