/**
 * No double booking under concurrency (rental operations part 5): simultaneous requests against the real
 * HTTP stack and PostgreSQL, each in its own transaction; the item row locks serialize them.
 */
import { newCustomer } from './support/crm';
import { createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;
let org: Registered;
let clerks: Registered[];
let customerId: string;

async function item(itemNumber: string, quantityOwned: number): Promise<string> {
  const res = await org.agent
    .post('/api/inventory')
    .send({ name: `Item ${itemNumber}`, itemNumber, dailyRate: '50.00', quantityOwned });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.id;
}

const book = (
  clerk: Registered,
  lines: { itemId: string; quantity: number }[],
  pickupDate = '2026-07-01',
  returnDate = '2026-07-05',
) => clerk.agent.post('/api/transactions').send({ customerId, pickupDate, returnDate, lines });

beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Race');
  clerks = [org];
  for (let i = 0; i < 5; i++) clerks.push(await t.addMember(org.organizationId, 'user'));
  customerId = (await newCustomer(org.agent)).id;
});
afterAll(() => t.close());

it('six simultaneous orders for the last unit: exactly one succeeds, the others get 409', async () => {
  const last = await item('LAST-1', 1);
  const results = await Promise.all(clerks.map((c) => book(c, [{ itemId: last, quantity: 1 }])));
  expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  const [booked] = await t.sql<{ n: number }>(
    'select coalesce(sum(quantity), 0)::int as n from rental_order_lines where item_id = $1',
    [last],
  );
  expect(booked.n).toBe(1);
});

it('overlapping ranges race too: of orders that share a day, only as many as there are units succeed', async () => {
  const pair = await item('PAIR-1', 2);
  const ranges = [
    ['2026-08-01', '2026-08-03'],
    ['2026-08-03', '2026-08-05'],
    ['2026-08-02', '2026-08-02'],
    ['2026-08-03', '2026-08-03'],
    ['2026-07-30', '2026-08-10'],
    ['2026-08-03', '2026-08-04'],
  ];
  const results = await Promise.all(
    clerks.map((c, i) => book(c, [{ itemId: pair, quantity: 1 }], ranges[i][0], ranges[i][1])),
  );
  expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
  // Every range contains 2026-08-03 except one, so at most 2 orders cover that day; no day is ever above 2.
  const perDay = await t.sql<{ day: string; n: number }>(
    `select to_char(d, 'YYYY-MM-DD') as day, coalesce(sum(l.quantity), 0)::int as n
       from generate_series(date '2026-07-30', date '2026-08-10', interval '1 day') d
       left join rental_order_lines l on l.item_id = $1
       left join rental_orders o on o.id = l.order_id
      where o.id is null or (o.pickup_date <= d and o.return_date >= d)
      group by d order by d`,
    [pair],
  );
  expect(Math.max(...perDay.map((r) => r.n))).toBeLessThanOrEqual(2);
  expect(results.filter((r) => r.status === 201).length).toBeGreaterThanOrEqual(2);
});

it('orders locking the same items in opposite order never deadlock: one wins, one is refused', async () => {
  for (let round = 0; round < 5; round++) {
    const x = await item(`X-${round}`, 1);
    const y = await item(`Y-${round}`, 1);
    const [a, b] = await Promise.all([
      book(clerks[1], [
        { itemId: x, quantity: 1 },
        { itemId: y, quantity: 1 },
      ]),
      book(clerks[2], [
        { itemId: y, quantity: 1 },
        { itemId: x, quantity: 1 },
      ]),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
  }
});

it('simultaneous completions of one order add its total to the lifetime value once', async () => {
  const unit = await item('DONE-1', 3);
  const customer = await newCustomer(org.agent);
  const order = await clerks[0].agent.post('/api/transactions').send({
    customerId: customer.id,
    pickupDate: '2026-07-01',
    returnDate: '2026-07-01',
    lines: [{ itemId: unit, quantity: 3 }],
  });
  expect(order.body.total).toBe('150.00');
  const results = await Promise.all(clerks.map((c) => c.agent.post(`/api/transactions/${order.body.id}/complete`)));
  expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
  expect((await org.agent.get(`/api/customers/${customer.id}`)).body.lifetimeOrderValue).toBe('150.00');
});
