/**
 * Dashboard and insights (docs/analytics.md, part 6) for October 2026 in Chicago (previous: 08-31..09-30, 31 days).
 *   Scissor lifts, 1 unit at 10.00/day: rented 10-01..10-29 = 29/31 = 93.5 %; before: 09-09..09-30 = 22/31 = 71.0 %.
 *   Booked 290.00 (ordered 10-01) vs 220.00 (ordered 09-09); the September order's invoice (220.00, due 09-20) is unpaid.
 *   Deals: 1000.00 open since 09-15; 500.00 created 09-01, won 10-10. One task due 10-15, still open.
 */
import { moveStage, newOpportunity, stageByName } from './support/sales';
import { createTestApp, Registered, TestApp } from './support/test-app';
import { customer, get, invoice, item, order, post, sentOn, setTimezone } from './support/analytics';

let t: TestApp;
let org: Registered;
const OCTOBER = 'startDate=2026-10-01&endDate=2026-10-31';
beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Dashboard');
  await setTimezone(org.agent, 'America/Chicago');
  const lifts = await item(org.agent, 'Scissor lift 19ft', 'Scissor lifts', '10.00', 1);
  const c = await customer(org.agent, 'Dash customer');
  await order(org.agent, c.id, '2026-10-01', '2026-10-01', '2026-10-29', [[lifts, 1]]);
  const sep = await order(org.agent, c.id, '2026-09-09', '2026-09-09', '2026-09-30', [[lifts, 1]]);
  const inv = await invoice(org.agent, sep.id, '2026-09-10', '2026-09-20');
  await sentOn(t, inv.id, '2026-09-10T09:00:00-05:00');
  const s = await stageByName(org.agent);
  const open = await newOpportunity(org.agent, { value: '1000.00' });
  const won = await newOpportunity(org.agent, { value: '500.00' });
  await moveStage(org.agent, won.id, { stageId: s.Won.id });
  await t.sql(`update opportunities set created_at = '2026-09-15T12:00:00Z' where id = $1`, [open.id]);
  await t.sql(
    `update opportunities set created_at = '2026-09-01T12:00:00Z', closed_at = '2026-10-10T12:00:00Z' where id = $1`,
    [won.id],
  );
  const task = await post(org.agent, '/api/tasks', { title: 'Call back', dueDate: '2026-10-15' });
  await t.sql(`update tasks set created_at = '2026-10-01T12:00:00Z' where id = $1`, [task.id]);
});
afterAll(() => t.close());

it('the dashboard: each headline figure with the previous period and the change', async () => {
  const body = await get(org.agent, `/api/analytics/dashboard?${OCTOBER}`);
  const figures = Object.fromEntries(
    body.figures.map((f: any) => [f.key, [f.unit, f.current, f.previous, f.change, f.changePercent]]),
  );
  expect(figures).toEqual({
    utilisation: ['percent', '93.5', '71', '22.5', 31.7],
    revenueBooked: ['money', '290.00', '220.00', '70.00', 31.8],
    revenueCollected: ['money', '0.00', '0.00', '0.00', null],
    receivablesOverdue: ['money', '220.00', '220.00', '0.00', 0],
    openPipeline: ['money', '1000.00', '1500.00', '-500.00', -33.3],
    tasksOverdue: ['count', '1', '0', '1', null],
    activities: ['count', '0', '0', '0', null], // counted in test/analytics-team.spec.ts
  });
});

it('defaults to the last 30 local days', async () => {
  const body = await get(org.agent, '/api/analytics/dashboard');
  expect(body.range.days).toBe(30);
  expect(body.range.endDate).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date()));
});

it('insights: plain-language statements with the figures behind them', async () => {
  const body = await get(org.agent, `/api/analytics/insights?${OCTOBER}`);
  const said = body.insights.map((i: any) => [i.key, i.tone, i.text]);
  expect(said).toEqual(
    expect.arrayContaining([
      ['utilisation:Scissor lifts', 'positive', 'Scissor lifts were 94% utilised in October 2026, up from 71%.'],
      ['revenue:booked', 'positive', 'Booked revenue was 290.00 in October 2026, up from 220.00 (+31.8%).'],
      ['receivables:overdue', 'negative', '1 invoice is overdue for 220.00 as of 2026-10-31; the oldest 31-60 days.'],
      [
        'sales:win-rate',
        'neutral',
        'The win rate was 100% in October 2026 (1 deal won), with nothing closed in the previous period.',
      ],
      ['tasks:overdue', 'negative', '1 task was overdue on 2026-10-31, up from 0.'],
    ]),
  );
  const lifts = body.insights.find((i: any) => i.key === 'utilisation:Scissor lifts');
  expect(lifts.figures).toEqual([
    { label: 'utilisation %', value: '93.5' },
    { label: 'previous utilisation %', value: '71' },
    { label: 'unit-days rented', value: '29' },
    { label: 'unit-days available', value: '31' },
  ]);
});
