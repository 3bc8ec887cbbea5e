/**
 * Sales reports (docs/analytics.md, part 4), organization in UTC. Open deals: P1 1000.00 Prospecting (10 %,
 * weighted 100.00, admin), P2 2000.00 Negotiation (75 %, 1500.00, mate), P3 100.01 Proposal at 33 % (33.00, admin).
 * Closed: W1 500.00 won 10-01 after 10.5 days (admin), L1 lost 10-15 (mate), W2 300.00 won 09-15 after 10 days (admin).
 */
import { newLead } from './support/crm';
import { moveStage, newOpportunity, stageByName } from './support/sales';
import { createTestApp, Registered, TestApp } from './support/test-app';
import { get } from './support/analytics';

let t: TestApp;
let org: Registered;
let mate: Registered;
let s: Record<string, Record<string, any>>;
const DAY = 86_400;
beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Sales');
  mate = await t.addMember(org.organizationId, 'user');
  s = await stageByName(org.agent);
  const p1 = await newOpportunity(org.agent, { value: '1000.00' });
  await newOpportunity(org.agent, { value: '2000.00', stageId: s.Negotiation.id, ownerId: mate.userId });
  await newOpportunity(org.agent, { value: '100.01', stageId: s.Proposal.id, probability: 33 });
  await t.sql(`update opportunities set stage_entered_at = now() - interval '4 days' where id = $1`, [p1.id]);
  const closed = async (
    body: Record<string, unknown>,
    stage: string,
    created: string,
    closedAt: string,
    seconds: number,
  ) => {
    const o = await newOpportunity(org.agent, body);
    await moveStage(org.agent, o.id, { stageId: s[stage].id, ...(stage === 'Lost' ? { lostReason: 'Price' } : {}) });
    await t.sql('update opportunities set created_at = $1::timestamptz, closed_at = $2::timestamptz where id = $3', [
      created,
      closedAt,
      o.id,
    ]);
    await t.sql(
      'update opportunity_stage_changes set changed_at = $1::timestamptz, seconds_in_previous_stage = $2 where opportunity_id = $3',
      [closedAt, seconds, o.id],
    );
  };
  await closed({ value: '500.00' }, 'Won', '2026-09-21T00:00:00Z', '2026-10-01T12:00:00Z', 10.5 * DAY);
  await closed(
    { value: '9999.00', ownerId: mate.userId },
    'Lost',
    '2026-10-13T00:00:00Z',
    '2026-10-15T00:00:00Z',
    2 * DAY,
  );
  await closed({ value: '300.00' }, 'Won', '2026-09-05T00:00:00Z', '2026-09-15T00:00:00Z', 10 * DAY);
});
afterAll(() => t.close());

it('open pipeline by stage and by owner: value and weighted value', async () => {
  const byStage = await get(org.agent, '/api/analytics/pipeline');
  expect(byStage.rows.map((r: any) => [r.label, r.deals, r.value, r.weightedValue])).toEqual([
    ['Prospecting', 1, '1000.00', '100.00'],
    ['Proposal', 1, '100.01', '33.00'],
    ['Negotiation', 1, '2000.00', '1500.00'],
  ]);
  expect(byStage.totals).toEqual({
    key: 'total',
    label: 'Total',
    deals: 3,
    value: '3100.01',
    weightedValue: '1633.00',
  });
  const byOwner = await get(org.agent, '/api/analytics/pipeline?groupBy=owner');
  expect(byOwner.rows.map((r: any) => [r.key, r.label, r.deals, r.value, r.weightedValue])).toEqual([
    [org.userId, 'Ada Admin', 2, '1100.01', '133.00'],
    [mate.userId, 'Mem Ber', 1, '2000.00', '1500.00'],
  ]);
});

it('win rate, won value and sales cycle by owner, with the previous period', async () => {
  const body = await get(org.agent, '/api/analytics/win-rate?startDate=2026-10-01&endDate=2026-10-31');
  expect(body.rows.map((r: any) => [r.label, r.won, r.lost, r.winRate, r.wonValue, r.averageCycleDays])).toEqual([
    ['Ada Admin', 1, 0, 100, '500.00', 10.5],
    ['Mem Ber', 0, 1, 0, '0.00', null],
  ]);
  expect(body.totals).toEqual({
    won: { current: 1, previous: 1, change: 0, changePercent: 0 },
    lost: { current: 1, previous: 0, change: 1, changePercent: null },
    winRate: { current: 50, previous: 100, change: -50, changePercent: -50 },
    wonValue: { current: '500.00', previous: '300.00', change: '200.00', changePercent: 66.7 },
    averageCycleDays: { current: 10.5, previous: 10, change: 0.5, changePercent: 5 },
  });
});

it('time in stage: stays that ended in the range (average, median) and the open deals now', async () => {
  const body = await get(org.agent, '/api/analytics/stage-durations?startDate=2026-10-01&endDate=2026-10-31');
  const prospecting = body.rows.find((r: any) => r.stageName === 'Prospecting');
  expect(prospecting).toMatchObject({ exits: 2, averageDays: 6.3, medianDays: 6.3, openDeals: 1, averageDaysOpen: 4 });
  expect(body.rows.map((r: any) => r.stageName)).toEqual([
    'Prospecting',
    'Qualified',
    'Proposal',
    'Negotiation',
    'Won',
    'Lost',
  ]);
  expect(body.rows.find((r: any) => r.stageName === 'Qualified')).toMatchObject({
    exits: 0,
    averageDays: null,
    openDeals: 0,
  });
});

describe('lead conversion', () => {
  beforeAll(async () => {
    const lead = async (source: string, created: string, then?: 'convert' | 'lost', convertedAt?: string) => {
      const l = await newLead(org.agent);
      if (then === 'convert') await org.agent.post(`/api/leads/${l.id}/convert`).expect(201);
      if (then === 'lost') await org.agent.put(`/api/leads/${l.id}`).send({ status: 'lost' }).expect(200);
      await t.sql('update leads set created_at = $1::timestamptz, converted_at = $2::timestamptz where id = $3', [
        created,
        convertedAt ?? null,
        l.id,
      ]);
      await t.sql('update contacts set source = $1 where id = (select contact_id from leads where id = $2)', [
        source,
        l.id,
      ]);
    };
    await lead('web', '2026-09-10T10:00:00Z', 'convert', '2026-09-20T10:00:00Z');
    await lead('web', '2026-10-05T10:00:00Z');
    await lead('referral', '2026-10-06T10:00:00Z', 'lost');
    await lead('referral', '2026-10-07T10:00:00Z', 'convert', '2026-10-09T10:00:00Z');
    await lead('web', '2026-08-01T10:00:00Z'); // previous range
  });

  it('by month: the leads created in each bucket and what became of them', async () => {
    const body = await get(
      org.agent,
      '/api/analytics/lead-conversion?startDate=2026-09-01&endDate=2026-10-31&period=month',
    );
    expect(
      body.rows.map((r: any) => [
        r.key,
        r.label,
        r.leads,
        r.converted,
        r.lost,
        r.conversionRate,
        r.averageDaysToConvert,
      ]),
    ).toEqual([
      ['2026-09-01', '2026-09', 1, 1, 0, 100, 10],
      ['2026-10-01', '2026-10', 3, 1, 1, 33.3, 2],
    ]);
    expect(body.totals).toEqual({
      leads: { current: 4, previous: 1, change: 3, changePercent: 300 },
      converted: { current: 2, previous: 0, change: 2, changePercent: null },
      conversionRate: { current: 50, previous: 0, change: 50, changePercent: null },
    });
  });

  it('by source', async () => {
    const body = await get(
      org.agent,
      '/api/analytics/lead-conversion?startDate=2026-09-01&endDate=2026-10-31&groupBy=source',
    );
    expect(
      body.rows.map((r: any) => [r.key, r.leads, r.converted, r.lost, r.conversionRate, r.averageDaysToConvert]),
    ).toEqual([
      ['referral', 2, 1, 1, 50, 2],
      ['web', 2, 1, 0, 50, 10],
    ]);
  });
});

it('the forecast is the sales module’s, by close month', async () => {
  const body = await get(org.agent, '/api/analytics/forecast');
  const original = await get(org.agent, '/api/forecast?groupBy=month');
  expect(body.commitProbability).toBe(original.commitProbability);
  expect(body.rows.map((r: any) => [r.month, r.weightedValue, r.bestCase])).toEqual(
    original.rows.map((r: any) => [r.key, r.weightedValue, r.bestCase]),
  );
  expect(body.totals).toMatchObject({
    month: 'total',
    openCount: original.totals.openCount,
    weightedValue: original.totals.weightedValue,
  });
});
