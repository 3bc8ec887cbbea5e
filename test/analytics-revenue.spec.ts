/**
 * Revenue reports (docs/analytics.md, part 1) on a small hand-made business in Chicago. Figures are
 * computed by hand in the comments. Money before tax (booked, earned) vs with tax (invoiced, collected):
 * the tax rate is 10 %.
 */
import { createTestApp, Registered, TestApp } from './support/test-app';
import { complete, customer, get, invoice, item, order, pay, sentOn, setTimezone } from './support/analytics';

let t: TestApp;
let org: Registered;
let other: Registered;
let lift: Record<string, any>;
let gen: Record<string, any>;
beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Revenue');
  other = await t.registerOrg('Other');
  await setTimezone(org.agent, 'America/Chicago');
  await org.agent.put('/api/settings/rental').send({ currency: 'USD', taxRate: '10' });
  lift = await item(org.agent, 'Scissor lift', 'Lifts', '100.00', 2);
  gen = await item(org.agent, 'Generator', 'Power', '50.00', 1);
  const c = await customer(org.agent, 'Acme Builders');
  // September (previous month of October): one lift for 2 days = 200.00 booked; completed in September.
  const sep = await order(org.agent, c.id, '2026-09-10', '2026-09-10', '2026-09-11', [[lift, 1]]);
  await complete(t, org.agent, sep.id, '2026-09-12T10:00:00-05:00');
  // October: lift x2 for 3 days = 600.00, generator 3 days = 150.00 -> 750.00 booked (tax 75.00, total 825.00).
  const oct = await order(org.agent, c.id, '2026-10-05', '2026-10-05', '2026-10-07', [
    [lift, 2],
    [gen, 1],
  ]);
  // Completed at 23:30 on Oct 31 in Chicago (04:30 UTC on Nov 1): earned in OCTOBER, local day.
  await complete(t, org.agent, oct.id, '2026-10-31T23:30:00-05:00');
  const inv = await invoice(org.agent, oct.id, '2026-10-08', '2026-11-07');
  await sentOn(t, inv.id, '2026-10-08T09:00:00-05:00');
  await pay(org.agent, inv.id, '300.00', '2026-10-20');
  await pay(org.agent, inv.id, '15.00', '2026-11-02');
  // A cancelled October order never counts.
  const cancelled = await order(org.agent, c.id, '2026-10-09', '2026-10-20', '2026-10-20', [[gen, 1]]);
  await org.agent.post(`/api/transactions/${cancelled.id}/cancel`);
  // The other organization has an October order of its own.
  const oi = await item(other.agent, 'Boom', 'Lifts', '999.00', 1);
  const oc = await customer(other.agent, 'Other customer');
  await order(other.agent, oc.id, '2026-10-06', '2026-10-06', '2026-10-06', [[oi, 1]]);
});
afterAll(() => t.close());

it('by month: booked, earned (local day of completion), invoiced and collected, with the previous month', async () => {
  const body = await get(org.agent, '/api/analytics/revenue?startDate=2026-10-01&endDate=2026-10-31&period=month');
  expect(body.range).toMatchObject({
    startDate: '2026-10-01',
    endDate: '2026-10-31',
    previousStartDate: '2026-08-31',
    previousEndDate: '2026-09-30',
    days: 31,
    timezone: 'America/Chicago',
  });
  expect(body.rows).toEqual([
    {
      period: '2026-10-01',
      label: '2026-10',
      booked: '750.00',
      earned: '750.00',
      invoiced: '825.00',
      collected: '300.00',
    },
  ]);
  expect(body.totals.booked).toEqual({ current: '750.00', previous: '200.00', change: '550.00', changePercent: 275 });
  expect(body.totals.earned).toEqual({ current: '750.00', previous: '200.00', change: '550.00', changePercent: 275 });
  expect(body.totals.collected).toEqual({ current: '300.00', previous: '0.00', change: '300.00', changePercent: null });
});

it('by week: every bucket of the range, empty ones as zeros; the first bucket starts on Monday', async () => {
  const body = await get(org.agent, '/api/analytics/revenue?startDate=2026-10-01&endDate=2026-10-14&period=week');
  expect(body.rows.map((r: any) => [r.period, r.label, r.booked, r.invoiced])).toEqual([
    ['2026-09-28', '2026-W40', '0.00', '0.00'],
    ['2026-10-05', '2026-W41', '750.00', '825.00'],
    ['2026-10-12', '2026-W42', '0.00', '0.00'],
  ]);
});

it('by quarter: labels 2026-Q3 and 2026-Q4; a partial first bucket keeps its quarter start', async () => {
  const body = await get(org.agent, '/api/analytics/revenue?startDate=2026-08-01&endDate=2026-12-31&period=quarter');
  expect(body.rows.map((r: any) => [r.period, r.label, r.booked])).toEqual([
    ['2026-07-01', '2026-Q3', '200.00'],
    ['2026-10-01', '2026-Q4', '750.00'],
  ]);
});

it('by category and by item, from the order lines (before tax)', async () => {
  const cat = await get(org.agent, '/api/analytics/revenue/by-category?startDate=2026-10-01&endDate=2026-10-31');
  expect(cat.rows.map((r: any) => [r.key, r.booked, r.earned, r.previousBooked])).toEqual([
    ['Lifts', '600.00', '600.00', '200.00'],
    ['Power', '150.00', '150.00', '0.00'],
  ]);
  expect(cat.rows[0].bookedChange).toEqual({
    current: '600.00',
    previous: '200.00',
    change: '400.00',
    changePercent: 200,
  });
  const items = await get(org.agent, '/api/analytics/revenue/by-item?startDate=2026-10-01&endDate=2026-10-31&limit=1');
  expect(items.rows).toHaveLength(1);
  expect(items.rows[0]).toMatchObject({
    itemId: lift.id,
    itemNumber: 'SCISSOR-LIFT',
    label: 'Scissor lift',
    category: 'Lifts',
    booked: '600.00',
  });
});

it('receivables ageing as of a day: payments after that day do not count yet', async () => {
  // 825.00 due 2026-11-07 (sent on its issue day); paid 300.00 on 10-20 and 15.00 on 11-02.
  const notDue = await get(org.agent, '/api/analytics/receivables?asOf=2026-10-25');
  expect(notDue.rows.map((r: any) => [r.bucket, r.invoices, r.amount])).toEqual([
    ['current', 1, '525.00'],
    ['1-30', 0, '0.00'],
    ['31-60', 0, '0.00'],
    ['61-90', 0, '0.00'],
    ['90+', 0, '0.00'],
  ]);
  const late = await get(org.agent, '/api/analytics/receivables?asOf=2026-12-10'); // 33 days past due
  expect(late.rows.find((r: any) => r.bucket === '31-60')).toMatchObject({ invoices: 1, amount: '510.00' });
  expect([late.outstanding, late.overdue]).toEqual(['510.00', '510.00']);
  const before = await get(org.agent, '/api/analytics/receivables?asOf=2026-10-01'); // not yet issued
  expect(before.outstanding).toBe('0.00');
});

it('never counts another organization’s records, and checks its arguments', async () => {
  const body = await get(other.agent, '/api/analytics/revenue?startDate=2026-10-01&endDate=2026-10-31');
  expect(body.totals.booked.current).toBe('999.00');
  const bad = await org.agent.get('/api/analytics/revenue?startDate=2026-10-31&endDate=2026-10-01');
  expect(bad.status).toBe(400);
  expect(bad.body.details[0].field).toBe('endDate');
  expect((await org.agent.get('/api/analytics/revenue?period=year')).status).toBe(400);
  expect((await t.agent().get('/api/analytics/revenue')).status).toBe(401);
});

it.each([
  ['2026-11-01', '2026-11-30'],
  ['2026-11-08', '2026-12-10'],
  ['2026-12-01', '2026-12-31'],
  ['2026-10-01', '2026-10-31'],
])(
  "the dashboard's overdue receivables for %s..%s are the ageing report's at the range's end and the previous end",
  async (startDate, endDate) => {
    const dash = await get(org.agent, `/api/analytics/dashboard?startDate=${startDate}&endDate=${endDate}`);
    const figure = dash.figures.find((f: { key: string }) => f.key === 'receivablesOverdue');
    const at = async (asOf: string) => (await get(org.agent, `/api/analytics/receivables?asOf=${asOf}`)).overdue;
    expect([figure.current, figure.previous]).toEqual([await at(endDate), await at(dash.range.previousEndDate)]);
  },
);

it('the overdue receivables of the dashboard: 510.00 at 2026-12-10, nothing at 2026-11-07 (due that day)', async () => {
  // 825.00 invoiced, 300.00 paid 10-20 and 15.00 on 11-02: 510.00 open after the due day 11-07.
  const dash = await get(org.agent, '/api/analytics/dashboard?startDate=2026-11-08&endDate=2026-12-10');
  const figure = dash.figures.find((f: { key: string }) => f.key === 'receivablesOverdue');
  expect([figure.current, figure.previous]).toEqual(['510.00', '0.00']);
});

it('overdue receivables at the previous end count the payments made after it (paid late, in two parts)', async () => {
  // 110.00 (100.00 + 10 % tax) due 2026-01-15; 40.00 paid 2026-02-10, the rest 2026-03-05.
  const late = await t.registerOrg('Late payer');
  await late.agent.put('/api/settings/rental').send({ currency: 'USD', taxRate: '10' });
  const heater = await item(late.agent, 'Heater', 'Heat', '100.00', 1);
  const c = await customer(late.agent, 'Slow Co');
  const o = await order(late.agent, c.id, '2025-12-01', '2025-12-02', '2025-12-02', [[heater, 1]]);
  const inv = await invoice(late.agent, o.id, '2025-12-16', '2026-01-15');
  await sentOn(t, inv.id, '2025-12-16T09:00:00Z');
  await pay(late.agent, inv.id, '40.00', '2026-02-10');
  await pay(late.agent, inv.id, '70.00', '2026-03-05');
  const figure = async (startDate: string, endDate: string) => {
    const dash = await get(late.agent, `/api/analytics/dashboard?startDate=${startDate}&endDate=${endDate}`);
    const f = dash.figures.find((x: { key: string }) => x.key === 'receivablesOverdue');
    return [f.current, f.previous];
  };
  expect(await figure('2026-02-01', '2026-02-28')).toEqual(['70.00', '110.00']); // previous end 01-31
  expect(await figure('2026-03-01', '2026-03-31')).toEqual(['0.00', '70.00']); // previous end 02-28
  expect(await figure('2026-01-01', '2026-01-31')).toEqual(['110.00', '0.00']); // previous end 12-31: not due yet
  const ageing = async (asOf: string) => (await get(late.agent, `/api/analytics/receivables?asOf=${asOf}`)).overdue;
  expect([await ageing('2026-02-28'), await ageing('2026-01-31')]).toEqual(['70.00', '110.00']);
});
