/**
 * Timezone edges (docs/analytics.md, "Days and timezones"): timestamps land on the organization's LOCAL day,
 * and ranges start and end at local midnight. The same instants, in three organizations.
 */
import { createTestApp, Registered, TestApp } from './support/test-app';
import { complete, customer, get, item, order, post, setTimezone } from './support/analytics';

let t: TestApp;
const orgs: Record<string, Registered> = {};
/** 23:30 on Oct 31 in New York = 03:30 UTC on Nov 1 = 12:30 on Nov 1 in Tokyo. */
const LATE_EVENING_NY = '2026-10-31T23:30:00-04:00';

beforeAll(async () => {
  t = await createTestApp();
  for (const tz of ['America/New_York', 'UTC', 'Asia/Tokyo']) {
    const org = await t.registerOrg(tz);
    orgs[tz] = org;
    if (tz !== 'UTC') await setTimezone(org.agent, tz);
    const i = await item(org.agent, 'Lift', 'Lifts', '100.00', 1);
    const c = await customer(org.agent, 'Late customer');
    const o = await order(org.agent, c.id, '2026-10-30', '2026-10-30', '2026-10-30', [[i, 1]]);
    await complete(t, org.agent, o.id, LATE_EVENING_NY);
    const task = await post(org.agent, '/api/tasks', { title: 'Late task' });
    await t.sql('update tasks set created_at = $1::timestamptz where id = $2', [LATE_EVENING_NY, task.id]);
  }
});
afterAll(() => t.close());

const earnedByDay = async (tz: string) => {
  const body = await get(orgs[tz].agent, '/api/analytics/revenue?startDate=2026-10-30&endDate=2026-11-02&period=day');
  return Object.fromEntries(body.rows.filter((r: any) => r.earned !== '0.00').map((r: any) => [r.period, r.earned]));
};

it('an order completed at 23:30 local time is earned on that local day', async () => {
  expect(await earnedByDay('America/New_York')).toEqual({ '2026-10-31': '100.00' });
  expect(await earnedByDay('UTC')).toEqual({ '2026-11-01': '100.00' });
  expect(await earnedByDay('Asia/Tokyo')).toEqual({ '2026-11-01': '100.00' });
});

it('monthly buckets follow the local day: October in New York, November in UTC', async () => {
  const month = async (tz: string) =>
    (await get(orgs[tz].agent, '/api/analytics/revenue?startDate=2026-10-01&endDate=2026-11-30&period=month')).rows.map(
      (r: any) => [r.label, r.earned],
    );
  expect(await month('America/New_York')).toEqual([
    ['2026-10', '100.00'],
    ['2026-11', '0.00'],
  ]);
  expect(await month('UTC')).toEqual([
    ['2026-10', '0.00'],
    ['2026-11', '100.00'],
  ]);
});

it('a range ends at local midnight: a task created at 23:30 on the last day is in it', async () => {
  const created = async (tz: string) =>
    (await get(orgs[tz].agent, '/api/analytics/tasks?startDate=2026-10-01&endDate=2026-10-31')).totals.created.current;
  expect(await created('America/New_York')).toBe(1);
  expect(await created('UTC')).toBe(0);
  expect(await created('Asia/Tokyo')).toBe(0);
  const nextDay = await get(orgs['Asia/Tokyo'].agent, '/api/analytics/tasks?startDate=2026-11-01&endDate=2026-11-01');
  expect(nextDay.totals.created.current).toBe(1);
});

it('the default range ends on the local today and says which timezone it used', async () => {
  const body = await get(orgs['Asia/Tokyo'].agent, '/api/analytics/revenue?period=day');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
  expect([body.range.endDate, body.range.timezone, body.range.days, body.rows.length]).toEqual([
    today,
    'Asia/Tokyo',
    30,
    30,
  ]);
});
