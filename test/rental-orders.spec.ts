/** Rental orders, the spec's transactions (rental operations parts 4-5): booking, totals, statuses, lifetime value. */
import { newCustomer } from './support/crm';
import { createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;
let org: Registered;
let member: Registered;
let customer: Record<string, any>;
let lift: string;
let mixer: string;

async function item(agent: Registered['agent'], body: Record<string, unknown>): Promise<string> {
  const res = await agent.post('/api/inventory').send(body);
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.id;
}

const book = (body: Record<string, unknown>, agent = member.agent) =>
  agent.post('/api/transactions').send({ customerId: customer.id, ...body });

beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Desk');
  member = await t.addMember(org.organizationId, 'user');
  customer = await newCustomer(org.agent, { name: 'Lee Morgan' });
  lift = await item(org.agent, {
    name: 'Boom lift',
    itemNumber: 'LIFT-1',
    dailyRate: '100.00',
    weeklyRate: '400.00',
    quantityOwned: 2,
  });
  mixer = await item(org.agent, { name: 'Mixer', itemNumber: 'MIX-1', dailyRate: '45.50', quantityOwned: 1 });
  expect((await member.agent.put('/api/settings/rental').send({ taxRate: '8.25' })).status).toBe(403);
  const settings = await org.agent.put('/api/settings/rental').send({ taxRate: '8.25', currency: 'EUR' });
  expect(settings.body).toMatchObject({ taxRate: '8.250', currency: 'EUR' });
});
afterAll(() => t.close());

describe('booking', () => {
  let first: Record<string, any>;

  it('computes lines with the quote engine, subtotal, tax and total on the server', async () => {
    const res = await book({
      pickupDate: '2026-07-01',
      returnDate: '2026-07-08',
      orderDate: '2026-06-20',
      lines: [
        { itemId: lift, quantity: 2 },
        { itemId: mixer, quantity: 1 },
      ],
      notes: 'Site A',
    });
    expect(res.status).toBe(201);
    first = res.body;
    expect(first).toMatchObject({
      customerId: customer.id,
      customer: { id: customer.id, name: 'Lee Morgan' },
      orderDate: '2026-06-20',
      pickupDate: '2026-07-01',
      returnDate: '2026-07-08',
      rentalDays: 8,
      status: 'pending',
      subtotal: '1364.00',
      taxRate: '8.250',
      tax: '112.53',
      total: '1476.53',
      currency: 'EUR',
      notes: 'Site A',
      createdById: member.userId,
    });
    expect(first.lines).toEqual([
      expect.objectContaining({
        itemId: lift,
        itemNumber: 'LIFT-1',
        quantity: 2,
        days: 8,
        billedDays: 8,
        unitPrice: '500.00',
        amount: '1000.00',
        breakdown: [
          { period: 'week', count: 1, days: 7, rate: '400.00', amount: '800.00', rule: null },
          { period: 'day', count: 1, days: 1, rate: '100.00', amount: '200.00', rule: null },
        ],
      }),
      expect.objectContaining({
        itemId: mixer,
        quantity: 1,
        unitPrice: '364.00',
        amount: '364.00',
        breakdown: [{ period: 'day', count: 8, days: 8, rate: '45.50', amount: '364.00', rule: null }],
        discounts: [], // no pricing rules (docs/rental.md, section 3a)
        minimum: null,
      }),
    ]);
  });

  it('the booked units leave availability for exactly the pickup..return days', async () => {
    const res = await org.agent.get(`/api/inventory/${lift}/availability?startDate=2026-06-30&endDate=2026-07-09`);
    expect(res.body.days.map((d: { booked: number }) => d.booked)).toEqual([0, 2, 2, 2, 2, 2, 2, 2, 2, 0]);
    expect(res.body.minAvailable).toBe(0);
  });

  it('refuses an order that would overbook, naming the item and the days (409), and writes nothing', async () => {
    const before = await t.sql('select count(*)::int as n from rental_orders');
    const res = await book({
      pickupDate: '2026-07-08',
      returnDate: '2026-07-10',
      lines: [
        { itemId: mixer, quantity: 1 },
        { itemId: lift, quantity: 1 },
      ],
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CONFLICT');
    expect(res.body.message).toContain('LIFT-1');
    expect(res.body.message).toContain('MIX-1');
    expect(res.body.details).toEqual([
      { field: 'lines.0.quantity', message: 'MIX-1 (Mixer): 1 wanted, only 0 available on 2026-07-08' },
      { field: 'lines.1.quantity', message: 'LIFT-1 (Boom lift): 1 wanted, only 0 available on 2026-07-08' },
    ]);
    expect(await t.sql('select count(*)::int as n from rental_orders')).toEqual(before);
  });

  it('the day after the return date is free again', async () => {
    const res = await book({
      pickupDate: '2026-07-09',
      returnDate: '2026-07-09',
      lines: [{ itemId: lift, quantity: 2 }],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ rentalDays: 1, subtotal: '200.00', tax: '16.50', total: '216.50' });
  });

  it('maintenance holds count too, with consecutive days folded into a range', async () => {
    await org.agent
      .post(`/api/inventory/${mixer}/maintenance-holds`)
      .send({ quantity: 1, startDate: '2026-07-20', endDate: '2026-07-22' });
    const res = await book({
      pickupDate: '2026-07-18',
      returnDate: '2026-07-25',
      lines: [{ itemId: mixer, quantity: 1 }],
    });
    expect(res.status).toBe(409);
    expect(res.body.details[0].message).toBe('MIX-1 (Mixer): 1 wanted, only 0 available on 2026-07-20..2026-07-22');
  });

  it.each([
    [{ total: '1.00' }, 'total'],
    [{ lines: [{ itemId: 'LIFT', quantity: 1 }] }, 'lines.0.itemId'],
    [{ lines: [{ itemId: '00000000-0000-4000-8000-000000000000', quantity: 0 }] }, 'lines.0.quantity'],
    [{ lines: [] }, 'lines'],
    [{ returnDate: '2026-07-30' }, 'returnDate'],
    [{ pickupDate: '2026-02-30' }, 'pickupDate'],
    [{ orderDate: 'today' }, 'orderDate'],
    [{ lines: [{ itemId: 'L', quantity: 1, unitPrice: '1.00' }] }, 'lines.0.unitPrice'],
    [{ duplicate: true }, 'lines.1.itemId'],
  ])('refuses %j with a 400 naming %s', async (over, field) => {
    const base = { pickupDate: '2026-08-01', returnDate: '2026-08-02', lines: [{ itemId: lift, quantity: 1 }] };
    const body =
      'duplicate' in over
        ? {
            ...base,
            lines: [
              { itemId: lift, quantity: 1 },
              { itemId: lift, quantity: 1 },
            ],
          }
        : { ...base, ...over };
    if (field === 'returnDate') Object.assign(body, { pickupDate: '2026-08-05' });
    const res = await book(body);
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('refuses unknown and foreign items and customers as not found, retired items as a conflict', async () => {
    const other = await t.registerOrg('Other');
    const foreignItem = await item(other.agent, { name: 'X', itemNumber: 'X-1', dailyRate: '1.00', quantityOwned: 5 });
    const foreignCustomer = await newCustomer(other.agent);
    const base = { pickupDate: '2026-08-01', returnDate: '2026-08-02' };
    const r1 = await book({
      ...base,
      lines: [
        { itemId: lift, quantity: 1 },
        { itemId: foreignItem, quantity: 1 },
      ],
    });
    expect(r1.status).toBe(404);
    expect(r1.body.details).toEqual([{ field: 'lines.1.itemId', message: 'not found' }]);
    const r2 = await book({ ...base, customerId: foreignCustomer.id, lines: [{ itemId: lift, quantity: 1 }] });
    expect(r2.status).toBe(404);
    expect(r2.body.details).toEqual([{ field: 'customerId', message: 'not found' }]);
    const old = await item(org.agent, { name: 'Old', itemNumber: 'OLD-1', dailyRate: '1.00', quantityOwned: 1 });
    await org.agent.post(`/api/inventory/${old}/retire`);
    const r3 = await book({ ...base, lines: [{ itemId: old, quantity: 1 }] });
    expect(r3.status).toBe(409);
    expect(r3.body.details[0].field).toBe('lines.0.itemId');
    expect((await other.agent.get(`/api/transactions/${first.id}`)).status).toBe(404);
    expect((await other.agent.post(`/api/transactions/${first.id}/complete`)).status).toBe(404);
    expect((await other.agent.get('/api/transactions')).body.pagination.totalItems).toBe(0);
  });
});

describe('status moves', () => {
  let order: Record<string, any>;
  beforeAll(async () => {
    order = (
      await book({ pickupDate: '2026-09-01', returnDate: '2026-09-02', lines: [{ itemId: mixer, quantity: 1 }] })
    ).body;
  });

  it('cancelling releases the units and is final; the customer value is unchanged', async () => {
    const res = await member.agent.post(`/api/transactions/${order.id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(String), completedAt: null });
    expect(
      (await org.agent.get(`/api/inventory/${mixer}/availability?startDate=2026-09-01&endDate=2026-09-02`)).body
        .minAvailable,
    ).toBe(1);
    for (const move of ['complete', 'cancel']) {
      const again = await member.agent.post(`/api/transactions/${order.id}/${move}`);
      expect(again.status).toBe(409);
      expect(again.body.message).toMatch(/already cancelled/);
    }
    expect((await org.agent.get(`/api/customers/${customer.id}`)).body.lifetimeOrderValue).toBe('0.00');
  });

  it("completing is final and adds the total to the customer's lifetime order value", async () => {
    const list = await org.agent.get('/api/transactions?status=pending&sortBy=total&sortOrder=desc');
    expect(list.body.data.map((o: { total: string }) => o.total)).toEqual(['1476.53', '216.50']);
    for (const o of list.body.data)
      expect((await org.agent.post(`/api/transactions/${o.id}/complete`)).body.status).toBe('completed');
    expect((await org.agent.get(`/api/customers/${customer.id}`)).body.lifetimeOrderValue).toBe('1693.03');
    const again = await org.agent.post(`/api/transactions/${list.body.data[0].id}/cancel`);
    expect(again.status).toBe(409);
    // A completed rental keeps its days booked.
    expect(
      (await org.agent.get(`/api/inventory/${lift}/availability?startDate=2026-07-01&endDate=2026-07-01`)).body
        .minAvailable,
    ).toBe(0);
  });
});

describe('the list', () => {
  it('honours status, customerId, the order-date range, search and sorting', async () => {
    const second = await newCustomer(org.agent, { name: 'Pat Quinn', ownerId: member.userId });
    await book({
      customerId: second.id,
      orderDate: '2026-10-05',
      pickupDate: '2026-10-10',
      returnDate: '2026-10-11',
      lines: [{ itemId: lift, quantity: 1 }],
    });
    const byCustomer = await org.agent.get(`/api/transactions?customerId=${second.id}`);
    expect(byCustomer.body.data.map((o: { customer: { name: string } }) => o.customer.name)).toEqual(['Pat Quinn']);
    expect((await org.agent.get('/api/transactions?search=quinn')).body.pagination.totalItems).toBe(1);
    expect(
      (await org.agent.get(`/api/transactions?ownerId=${member.userId}`)).body.data.map(
        (o: { customerId: string }) => o.customerId,
      ),
    ).toEqual([second.id]);
    expect(
      (await org.agent.get(`/api/transactions?ownerId=${member.userId}&customerId=${customer.id}`)).body.data,
    ).toEqual([]);
    expect(
      (await org.agent.get('/api/transactions?startDate=2026-10-01&endDate=2026-10-31')).body.data.map(
        (o: { orderDate: string }) => o.orderDate,
      ),
    ).toEqual(['2026-10-05']);
    expect((await org.agent.get('/api/transactions?status=completed')).body.pagination.totalItems).toBe(2);
    expect((await org.agent.get('/api/transactions?status=cancelled')).body.pagination.totalItems).toBe(1);
    const byDate = await org.agent.get('/api/transactions?sortBy=pickupDate&sortOrder=asc');
    const dates = byDate.body.data.map((o: { pickupDate: string }) => o.pickupDate);
    expect(dates).toEqual([...dates].sort());
    expect((await org.agent.get('/api/transactions?startDate=2026-10-31&endDate=2026-10-01')).status).toBe(400);
    expect((await org.agent.get('/api/transactions?status=open')).status).toBe(400);
  });

  it('a later tax change does not touch existing orders', async () => {
    await org.agent.put('/api/settings/rental').send({ taxRate: '20' });
    const all = await org.agent.get('/api/transactions?status=completed&sortBy=total&sortOrder=desc');
    expect(all.body.data[0]).toMatchObject({ taxRate: '8.250', total: '1476.53' });
  });
});
