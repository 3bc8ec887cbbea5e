/**
 * Fleet reports (docs/analytics.md, part 2). Range 2026-10-01..10-10 (10 days); previous 09-21..09-30.
 *   Lift (Lifts, 2 units): hold 1 unit 10-09..10-10 -> available 2x10-2 = 18 (previous 20);
 *     order A 1 unit 10-03..10-07 = 5 unit-days; order B 2 units 09-29..10-02 = 2x2 now, 2x2 before;
 *     rented 9 -> 50.0 % (previous 4/20 = 20.0 %); order C (10-20..10-21, ordered 10-03) = 200.00 booked in the range.
 *   Generator (Power, 1 unit): rented 09-22..09-23 -> 0/10 now, 2/10 = 20.0 % before; a cancelled order in the range.
 *   Heater (no category, 1 unit): never rented.
 *   All: 9/38 = 23.7 %, previous 6/40 = 15.0 %.
 */
import { createTestApp, Registered, TestApp } from './support/test-app';
import { customer, get, item, order, post } from './support/analytics';

let t: TestApp;
let org: Registered;
let lift: Record<string, any>;
let gen: Record<string, any>;
let heater: Record<string, any>;
let c: Record<string, any>;
const RANGE = 'startDate=2026-10-01&endDate=2026-10-10';
beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Fleet');
  lift = await item(org.agent, 'Lift', 'Lifts', '100.00', 2);
  gen = await item(org.agent, 'Generator', 'Power', '50.00', 1);
  heater = await item(org.agent, 'Heater', null, '30.00', 1);
  c = await customer(org.agent, 'Fleet customer');
  await post(org.agent, `/api/inventory/${lift.id}/maintenance-holds`, {
    quantity: 1,
    startDate: '2026-10-09',
    endDate: '2026-10-10',
  });
  await order(org.agent, c.id, '2026-09-25', '2026-10-03', '2026-10-07', [[lift, 1]]);
  await order(org.agent, c.id, '2026-09-28', '2026-09-29', '2026-10-02', [[lift, 2]]);
  await order(org.agent, c.id, '2026-10-03', '2026-10-20', '2026-10-21', [[lift, 1]]);
  await order(org.agent, c.id, '2026-09-20', '2026-09-22', '2026-09-23', [[gen, 1]]);
  const cancelled = await order(org.agent, c.id, '2026-10-01', '2026-10-04', '2026-10-04', [[gen, 1]]);
  await post(org.agent, `/api/transactions/${cancelled.id}/cancel`);
});
afterAll(() => t.close());

it('utilisation by category: unit-days rented over available, holds excluded, with the previous period', async () => {
  const body = await get(org.agent, `/api/analytics/utilisation?${RANGE}`);
  expect(
    body.rows.map((r: any) => [
      r.key,
      r.units,
      r.availableUnitDays,
      r.rentedUnitDays,
      r.utilisation,
      r.previousUtilisation,
      r.utilisationChange,
    ]),
  ).toEqual([
    ['Lifts', 2, 18, 9, 50, 20, 30],
    ['Power', 1, 10, 0, 0, 20, -20],
    ['Uncategorised', 1, 10, 0, 0, 0, 0],
  ]);
  expect(body.totals).toEqual({
    utilisation: { current: 23.7, previous: 15, change: 8.7, changePercent: 58 },
    units: 4,
    availableUnitDays: 38,
    rentedUnitDays: 9,
    revenue: '200.00',
    revenuePerUnit: '50.00',
  });
});

it('utilisation by item, with revenue per unit', async () => {
  const body = await get(org.agent, `/api/analytics/utilisation?${RANGE}&groupBy=item&limit=1`);
  expect(body.rows).toEqual([
    expect.objectContaining({
      key: lift.id,
      itemId: lift.id,
      label: 'Lift',
      itemNumber: 'LIFT',
      category: 'Lifts',
      utilisation: 50,
      revenue: '200.00',
      revenuePerUnit: '100.00',
    }),
  ]);
  expect(body.totals.availableUnitDays).toBe(38); // totals cover every item, not just the page
});

it('idle items: nothing rented in the range, never-rented first, then the longest idle', async () => {
  const body = await get(org.agent, `/api/analytics/fleet/idle?${RANGE}`);
  expect(body.rows.map((r: any) => [r.itemId, r.lastReturnDate, r.daysIdle])).toEqual([
    [heater.id, null, null],
    [gen.id, '2026-09-23', 17],
  ]);
});

it('upcoming pickups and returns of pending orders, from the local today', async () => {
  const first = await get(org.agent, '/api/analytics/fleet/upcoming?days=5');
  const day = (n: number) =>
    new Date(Date.parse(`${first.from}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  await order(org.agent, c.id, day(0), day(1), day(3), [[gen, 1]]);
  const done = await order(org.agent, c.id, day(0), day(2), day(2), [[heater, 1]]);
  await post(org.agent, `/api/transactions/${done.id}/complete`); // completed: no longer upcoming
  const body = await get(org.agent, '/api/analytics/fleet/upcoming?days=5');
  expect([body.from, body.to]).toEqual([day(0), day(4)]);
  expect(body.rows.map((r: any) => [r.date, r.pickups, r.returns, r.pickupUnits, r.returnUnits])).toEqual([
    [day(0), 0, 0, 0, 0],
    [day(1), 1, 0, 1, 0],
    [day(2), 0, 0, 0, 0],
    [day(3), 0, 1, 0, 1],
    [day(4), 0, 0, 0, 0],
  ]);
  expect(body.rentals.map((r: any) => [r.date, r.kind, r.customerName, r.units, r.total])).toEqual([
    [day(1), 'pickup', 'Fleet customer', 1, '150.00'],
    [day(3), 'return', 'Fleet customer', 1, '150.00'],
  ]);
});
