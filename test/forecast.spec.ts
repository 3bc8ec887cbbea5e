import Decimal from 'decimal.js';
import { createTestApp, Registered, TestApp } from './support/test-app';
import { moveStage, newOpportunity, stageByName } from './support/sales';

let t: TestApp;
let org: Registered;
let mate: Registered;
let s: Record<string, Record<string, any>>;
let wonMonth: string;
beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Forecast');
  mate = await t.addMember(org.organizationId, 'user');
  s = await stageByName(org.agent);
  await newOpportunity(org.agent, { name: 'A', value: '1000.00', expectedCloseDate: '2026-07-10' }); // Prospecting 10 %
  await newOpportunity(org.agent, {
    name: 'B',
    value: '2000.00',
    expectedCloseDate: '2026-07-20',
    stageId: s.Negotiation.id,
    ownerId: mate.userId,
  }); // 75 %
  await newOpportunity(org.agent, {
    name: 'C',
    value: '100.01',
    expectedCloseDate: '2026-08-05',
    stageId: s.Proposal.id,
    probability: 33,
  });
  const won = await newOpportunity(org.agent, { name: 'D', value: '500.00', expectedCloseDate: '2026-07-01' });
  wonMonth = (await moveStage(org.agent, won.id, { stageId: s.Won.id })).closedAt.slice(0, 7);
  const lost = await newOpportunity(org.agent, { name: 'E', value: '9999.00', expectedCloseDate: '2026-07-15' });
  await moveStage(org.agent, lost.id, { stageId: s.Lost.id, lostReason: 'Too expensive' });
  await newOpportunity(org.agent, { name: 'F', value: '40.00', stageId: s.Qualified.id }); // 25 %, no close date
});
afterAll(() => t.close());

const FIELDS = [
  'openCount',
  'wonCount',
  'pipelineValue',
  'weightedValue',
  'bestCase',
  'commitCase',
  'worstCase',
] as const;
const pick = (r: Record<string, unknown>) => FIELDS.map((f) => r[f]);

async function forecast(query: string) {
  const res = await mate.agent.get(`/api/forecast?${query}`);
  expect(res.status).toBe(200);
  return res.body;
}

function expectAddsUp(body: { rows: Record<string, any>[]; totals: Record<string, any> }) {
  for (const f of FIELDS) {
    const sum = body.rows.reduce((acc, r) => acc.plus(r[f]), new Decimal(0));
    expect([f, typeof body.totals[f] === 'number' ? sum.toNumber() : sum.toFixed(2)]).toEqual([f, body.totals[f]]);
  }
  for (const r of [...body.rows, body.totals]) {
    expect(new Decimal(r.worstCase).lte(r.commitCase) && new Decimal(r.commitCase).lte(r.bestCase)).toBe(true);
    expect(new Decimal(r.worstCase).lte(r.weightedValue) && new Decimal(r.weightedValue).lte(r.bestCase)).toBe(true);
  }
}

const TOTALS = [4, 1, '3140.01', '2143.00', '3640.01', '2500.00', '500.00'];

it('by month: weighted value (each deal rounded to cents), best, commit and worst cases; lost deals never count', async () => {
  const body = await forecast('groupBy=month');
  expect(body.groupBy).toBe('month');
  expect(body.commitProbability).toBe(75);
  const byKey = Object.fromEntries(body.rows.map((r: Record<string, unknown>) => [r.key, pick(r)]));
  expect(byKey).toEqual({
    '2026-07': [2, 0, '3000.00', '1600.00', '3000.00', '2000.00', '0.00'],
    '2026-08': [1, 0, '100.01', '33.00', '100.01', '0.00', '0.00'],
    [wonMonth]: [0, 1, '0.00', '500.00', '500.00', '500.00', '500.00'],
    unscheduled: [1, 0, '40.00', '10.00', '40.00', '0.00', '0.00'],
  });
  expect(body.rows[body.rows.length - 1].key).toBe('unscheduled');
  expect(pick(body.totals)).toEqual(TOTALS);
  expectAddsUp(body);
});

it('by quarter, owner and stage the rows differ but the totals are the same and add up', async () => {
  const quarter = await forecast('groupBy=quarter');
  expect(quarter.rows.find((r: any) => r.key === '2026-Q3')).toMatchObject({ openCount: 3, weightedValue: '1633.00' });
  const owner = await forecast('groupBy=owner');
  expect(owner.rows.find((r: any) => r.key === mate.userId)).toMatchObject({
    label: 'Mem Ber',
    openCount: 1,
    weightedValue: '1500.00',
    commitCase: '2000.00',
  });
  expect(owner.rows.find((r: any) => r.key === org.userId)).toMatchObject({
    label: 'Ada Admin',
    openCount: 3,
    wonCount: 1,
    weightedValue: '643.00',
  });
  const stage = await forecast('groupBy=stage');
  expect(stage.rows.map((r: any) => r.label)).toEqual(['Prospecting', 'Qualified', 'Proposal', 'Negotiation', 'Won']);
  for (const body of [quarter, owner, stage]) {
    expect(pick(body.totals)).toEqual(TOTALS);
    expectAddsUp(body);
  }
});

it('filters by close-date range and owner; the commit threshold is the organization setting', async () => {
  const july = await forecast('groupBy=month&startDate=2026-07-01&endDate=2026-07-31');
  expect(july.rows.map((r: any) => r.key)).toEqual(['2026-07']);
  expect((await forecast(`groupBy=stage&ownerId=${mate.userId}`)).totals).toMatchObject({
    openCount: 1,
    bestCase: '2000.00',
  });
  expect((await org.agent.put('/api/settings/sales').send({ commitProbability: 30 })).status).toBe(200);
  const lower = await forecast('groupBy=month');
  expect(lower.commitProbability).toBe(30);
  expect(lower.totals.commitCase).toBe('2600.01'); // C (33 %) joins B (75 %) and the won deal
  expectAddsUp(lower);
});

it('validates its parameters, and another organization sees none of this', async () => {
  expect((await mate.agent.get('/api/forecast?groupBy=week')).status).toBe(400);
  expect((await mate.agent.get('/api/forecast?startDate=2026-02-30')).status).toBe(400);
  expect((await t.agent().get('/api/forecast')).status).toBe(401);
  const other = await t.registerOrg('Other');
  const body = (await other.agent.get('/api/forecast')).body;
  expect(body.rows).toEqual([]);
  expect(pick(body.totals)).toEqual([0, 0, '0.00', '0.00', '0.00', '0.00', '0.00']);
});
