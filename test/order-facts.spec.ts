/**
 * Facts of the orders that the database keeps elsewhere for the reports: order lines carry a copy of their
 * order's dates, status and completion instant (Migration20261125000000_order_line_facts, read by the fleet and
 * revenue reports instead of joining orders), and customers their first order day and last rental day
 * (Migration20261125010000_customer_order_days, read by new-vs-returning and churn risk). Whatever writes the orders (the API as the service role under row
 * security, or plain SQL), the copies follow.
 */
import { createTestApp, Registered, TestApp } from './support/test-app';
import { customer, item, order, post } from './support/analytics';

let t: TestApp;
let org: Registered;
let lift: Record<string, any>;
let heater: Record<string, any>;
let c: Record<string, any>;
beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Line facts');
  lift = await item(org.agent, 'Lift', 'Lifts', '100.00', 3);
  heater = await item(org.agent, 'Heater', 'Heat', '30.00', 3);
  c = await customer(org.agent, 'Line facts customer');
});
afterAll(() => t.close());

type Facts = {
  order_date: string;
  pickup_date: string;
  return_date: string;
  status: string;
  completed_at: string | null;
};

/** The order's facts, then each of its lines' copies, in the same shape. */
async function factsOf(orderId: string): Promise<{ order: Facts; lines: Facts[] }> {
  const [o] = await t.sql<Facts>(
    `select order_date::text, pickup_date::text, return_date::text, status, completed_at from rental_orders where id = $1`,
    [orderId],
  );
  const lines = await t.sql<Facts>(
    `select order_date::text, pickup_date::text, return_date::text, order_status as status, order_completed_at as completed_at
       from rental_order_lines where order_id = $1 order by position`,
    [orderId],
  );
  return { order: o, lines };
}

async function expectLinesFollow(orderId: string, lineCount: number): Promise<Facts> {
  const { order: o, lines } = await factsOf(orderId);
  expect(lines).toHaveLength(lineCount);
  for (const line of lines) expect(line).toEqual(o);
  return o;
}

it('a new order’s lines carry its dates and status', async () => {
  const o = await order(org.agent, c.id, '2026-10-01', '2026-10-03', '2026-10-07', [
    [lift, 1],
    [heater, 2],
  ]);
  expect(await expectLinesFollow(o.id, 2)).toMatchObject({
    order_date: '2026-10-01',
    pickup_date: '2026-10-03',
    return_date: '2026-10-07',
    status: 'pending',
    completed_at: null,
  });
});

it('completing and cancelling through the API write through to the lines', async () => {
  const done = await order(org.agent, c.id, '2026-10-02', '2026-10-04', '2026-10-05', [[lift, 1]]);
  await post(org.agent, `/api/transactions/${done.id}/complete`);
  const facts = await expectLinesFollow(done.id, 1);
  expect(facts.status).toBe('completed');
  expect(facts.completed_at).not.toBeNull();

  const gone = await order(org.agent, c.id, '2026-10-02', '2026-10-04', '2026-10-05', [
    [lift, 1],
    [heater, 1],
  ]);
  await post(org.agent, `/api/transactions/${gone.id}/cancel`);
  expect((await expectLinesFollow(gone.id, 2)).status).toBe('cancelled');
});

it('a change of the order in plain SQL reaches its lines; a line written with other values gets the order’s', async () => {
  const o = await order(org.agent, c.id, '2026-10-03', '2026-10-05', '2026-10-06', [[heater, 1]]);
  await t.sql(
    `update rental_orders set order_date = '2026-09-01', pickup_date = '2026-09-02', return_date = '2026-09-30',
            completed_at = '2026-10-01T12:00:00Z' where id = $1`,
    [o.id],
  );
  expect(await expectLinesFollow(o.id, 1)).toMatchObject({
    order_date: '2026-09-01',
    pickup_date: '2026-09-02',
    return_date: '2026-09-30',
  });

  await t.sql(
    `insert into rental_order_lines (id, created_at, updated_at, organization_id, order_id, item_id, position, item_number, item_name,
            quantity, days, billed_days, breakdown, unit_price, amount, order_date, pickup_date, return_date, order_status)
     select gen_random_uuid(), now(), now(), organization_id, order_id, $1, 1, 'LIFT', 'Lift', 1, 1, 1, '[]', 1, 1,
            '2000-01-01', '2000-01-01', '2000-01-01', 'cancelled'
       from rental_order_lines where order_id = $2`, // t.sql binds in the order of appearance
    [lift.id, o.id],
  );
  await expectLinesFollow(o.id, 2);
});

describe('customers.first_order_date and last_rental_date: of the customer’s orders that are not cancelled', () => {
  /** [first order day, last rental day] of a customer. */
  const days = async (customerId: string) => {
    const [r] = await t.sql<{ f: string | null; l: string | null }>(
      `select first_order_date::text as f, last_rental_date::text as l from customers where id = $1`,
      [customerId],
    );
    return [r.f, r.l];
  };

  it('follow creation, cancellation, SQL updates, deletes, a change of customer and bulk inserts', async () => {
    const k = await customer(org.agent, 'Churn probe');
    expect(await days(k.id)).toEqual([null, null]);
    const early = await order(org.agent, k.id, '2026-01-01', '2026-01-02', '2026-01-05', [[lift, 1]]);
    expect(await days(k.id)).toEqual(['2026-01-01', '2026-01-05']);
    const late = await order(org.agent, k.id, '2026-01-20', '2026-02-01', '2026-02-10', [[lift, 1]]);
    expect(await days(k.id)).toEqual(['2026-01-01', '2026-02-10']);
    await order(org.agent, k.id, '2026-01-02', '2026-01-03', '2026-01-04', [[heater, 1]]); // neither first nor last
    expect(await days(k.id)).toEqual(['2026-01-01', '2026-02-10']);

    await post(org.agent, `/api/transactions/${late.id}/cancel`); // the latest is cancelled: back to the one before
    expect(await days(k.id)).toEqual(['2026-01-01', '2026-01-05']);
    await t.sql(`update rental_orders set order_date = '2025-12-30', return_date = '2026-03-31' where id = $1`, [
      early.id,
    ]);
    expect(await days(k.id)).toEqual(['2025-12-30', '2026-03-31']);
    await t.sql(`delete from rental_orders where id = $1`, [early.id]);
    expect(await days(k.id)).toEqual(['2026-01-02', '2026-01-04']);

    // Moving an order to another customer recomputes both customers.
    const other = await customer(org.agent, 'Churn probe 2');
    const moved = await order(org.agent, k.id, '2026-04-30', '2026-05-01', '2026-05-02', [[heater, 1]]);
    expect(await days(k.id)).toEqual(['2026-01-02', '2026-05-02']);
    await t.sql(`update rental_orders set customer_id = $1 where id = $2`, [other.id, moved.id]);
    expect([await days(k.id), await days(other.id)]).toEqual([
      ['2026-01-02', '2026-01-04'],
      ['2026-04-30', '2026-05-02'],
    ]);

    // A bulk insert in one statement (as the benchmark seeds): cancelled orders count for neither day.
    await t.sql(
      `insert into rental_orders (id, created_at, updated_at, organization_id, customer_id, order_date, pickup_date, return_date, rental_days, status, subtotal, tax_rate, tax, total, currency)
       select gen_random_uuid(), now(), now(), $1, $2, d - 1, d, d, 1, s, 1, 0, 0, 1, 'USD'
         from (values (date '2026-06-01', 'completed'), (date '2026-07-01', 'pending'), (date '2026-08-01', 'cancelled'),
                      (date '2026-01-01', 'cancelled')) v(d, s)`,
      [org.organizationId, other.id],
    );
    expect(await days(other.id)).toEqual(['2026-04-30', '2026-07-01']);
  });
});

it('an order row pointing at another organization’s customer neither counts for it nor writes it', async () => {
  const other = await t.registerOrg('Line facts, other');
  const theirs = await customer(other.agent, 'Their customer');
  const before = await t.sql(`select * from customers where id = $1`, [theirs.id]);
  // Only plain SQL as the tables' owner can write such a row (the service looks the customer up in the caller's organization).
  const mine = await order(org.agent, c.id, '2026-01-01', '2026-02-01', '2026-02-02', [[lift, 1]]);
  await t.sqlUnchecked(`update rental_orders set customer_id = $1 where id = $2`, [theirs.id, mine.id]);
  await t.sqlUnchecked(
    `insert into rental_orders (id, created_at, updated_at, organization_id, customer_id, order_date, pickup_date, return_date, rental_days, status, subtotal, tax_rate, tax, total, currency)
     values (gen_random_uuid(), now(), now(), $1, $2, '2026-03-01', '2026-03-01', '2026-03-01', 1, 'pending', 1, 0, 0, 1, 'USD')`,
    [org.organizationId, theirs.id],
  );
  expect(await t.sql(`select * from customers where id = $1`, [theirs.id])).toEqual(before);
});
