/**
 * Customer reports (docs/analytics.md, part 3). One item at 100.00 a day, no tax; every order is one day,
 * so an order of N units is N x 100.00.
 *   A: 08-15 (1 unit, completed) and 10-05 (2)  -> returning in October; lifetime value 100.00
 *   B: 10-10 (1) and 10-20 (3)                  -> new in October
 *   C: 09-10 (1, completed)                     -> new in September; lifetime value 100.00
 *   D: 05-01 (1, completed)                     -> inactive since May; lifetime value 100.00
 *   E: a cancelled October order only           -> counts nowhere
 */
import { newContact, newLead } from './support/crm';
import { createTestApp, Registered, TestApp } from './support/test-app';
import { customer, get, item, order, post } from './support/analytics';

let t: TestApp;
let org: Registered;
const c: Record<string, Record<string, any>> = {};
beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Customers');
  const lift = await item(org.agent, 'Lift', 'Lifts', '100.00', 10);
  for (const n of ['A', 'B', 'C', 'D', 'E']) c[n] = await customer(org.agent, `Customer ${n}`);
  const o = (n: string, day: string, units: number) => order(org.agent, c[n].id, day, day, day, [[lift, units]]);
  await post(org.agent, `/api/transactions/${(await o('A', '2026-08-15', 1)).id}/complete`);
  await o('A', '2026-10-05', 2);
  await o('B', '2026-10-10', 1);
  await o('B', '2026-10-20', 3);
  await post(org.agent, `/api/transactions/${(await o('C', '2026-09-10', 1)).id}/complete`);
  await post(org.agent, `/api/transactions/${(await o('D', '2026-05-01', 1)).id}/complete`);
  await post(org.agent, `/api/transactions/${(await o('E', '2026-10-12', 1)).id}/cancel`);
});
afterAll(() => t.close());

it('top customers by booked revenue in the range, with lifetime value', async () => {
  const body = await get(org.agent, '/api/analytics/customers/top?startDate=2026-10-01&endDate=2026-10-31');
  expect(
    body.rows.map((r: any) => [
      r.name,
      r.revenue,
      r.previousRevenue,
      r.ordersInRange,
      r.orders,
      r.lifetimeValue,
      r.firstOrderDate,
      r.lastOrderDate,
    ]),
  ).toEqual([
    ['Customer B', '400.00', '0.00', 2, 2, '0.00', '2026-10-10', '2026-10-20'],
    ['Customer A', '200.00', '0.00', 1, 2, '100.00', '2026-08-15', '2026-10-05'],
  ]);
  expect([body.customersInRange, body.averageLifetimeValue]).toEqual([2, '100.00']);
});

it('new vs returning by month, and over each whole range (a customer counts once per range)', async () => {
  const body = await get(
    org.agent,
    '/api/analytics/customers/new-vs-returning?startDate=2026-09-01&endDate=2026-10-31&period=month',
  );
  expect(body.rows).toEqual([
    { period: '2026-09-01', label: '2026-09', newCustomers: 1, returningCustomers: 0 },
    { period: '2026-10-01', label: '2026-10', newCustomers: 1, returningCustomers: 1 },
  ]);
  // Previous range 07-03..08-31: A's first order -> 1 new.
  expect(body.totals).toEqual({
    newCustomers: { current: 2, previous: 1, change: 1, changePercent: 100 },
    returningCustomers: { current: 1, previous: 0, change: 1, changePercent: null },
  });
});

it('churn risk: no rental day for more than inactiveDays, from the local today', async () => {
  const probe = await get(org.agent, '/api/analytics/customers/churn-risk');
  const since = (day: string) => Math.round((Date.parse(probe.asOf) - Date.parse(day)) / 86_400_000);
  const inactiveDays = since('2026-07-01'); // D (May) is past it, C (September) is not
  const body = await get(org.agent, `/api/analytics/customers/churn-risk?inactiveDays=${inactiveDays}`);
  expect(
    body.rows.map((r: any) => [r.name, r.lastRentalDate, r.daysSinceLastRental, r.orders, r.lifetimeValue]),
  ).toEqual([['Customer D', '2026-05-01', since('2026-05-01'), 1, '100.00']]);
  expect([body.inactiveDays, body.atRiskCustomers, body.atRiskLifetimeValue]).toEqual([inactiveDays, 1, '100.00']);
});

describe('contact funnel', () => {
  beforeAll(async () => {
    const at = async (id: string, source: string, day: string) =>
      t.sql(`update contacts set source = $1, created_at = $2::timestamptz where id = $3`, [
        source,
        `${day}T12:00:00Z`,
        id,
      ]);
    const leadContact = async (leadId: string) =>
      (await t.sql<{ contact_id: string }>('select contact_id from leads where id = $1', [leadId]))[0].contact_id;
    await at((await newContact(org.agent, { status: 'unknown' })).id, 'web', '2026-10-02');
    await at(await leadContact((await newLead(org.agent)).id), 'web', '2026-10-03');
    const converted = await newLead(org.agent);
    await at(await leadContact(converted.id), 'web', '2026-10-04');
    await post(org.agent, `/api/leads/${converted.id}/convert`); // the customer contact it creates is not a second person
    const direct = await customer(org.agent, 'Referred');
    await at(direct.contactId, 'referral', '2026-10-06');
    await at((await newContact(org.agent, { status: 'unknown' })).id, 'web', '2026-09-15'); // previous range
  });

  it('counts each person once by the furthest status reached, with rates by source and for all sources', async () => {
    const body = await get(org.agent, '/api/analytics/contacts/funnel?startDate=2026-10-01&endDate=2026-10-31');
    const pick = (r: any) => [
      r.source,
      r.contacts,
      r.unknown,
      r.leads,
      r.customers,
      r.leadRate,
      r.customerRate,
      r.conversionRate,
      r.previousContacts,
      r.previousConversionRate,
    ];
    expect(body.rows.map(pick)).toEqual([
      ['web', 3, 1, 2, 1, 66.7, 50, 33.3, 1, 0],
      ['referral', 1, 0, 1, 1, 100, 100, 100, 0, null],
    ]);
    expect(pick(body.totals)).toEqual(['All sources', 4, 1, 3, 2, 75, 66.7, 50, 1, 0]);
  });
});
