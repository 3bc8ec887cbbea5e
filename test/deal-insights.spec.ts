/**
 * Issue 11 part 7: GET /api/opportunities/:id/ai-insights and POST /api/opportunities/:id/generate-tasks
 * against an organization's own closed deals. The history is made through the API (deals created, won
 * with a rental order, lost), then its dates are set in the database so the figures can be worked out
 * by hand (T = today, UTC):
 *
 * | deal  | value | final | Qualified      | Proposal       | closed      |
 * |-------|-------|-------|----------------|----------------|-------------|
 * | won1  | 1000  |  900  | T-100 .. T-90  | T-90 .. T-80   | won T-80    |
 * | won2  | 2000  | 1600  | T-70 .. T-60   | T-60 .. T-50   | won T-50    |
 * | won3  | 1000  | 1000  |                | T-40 .. T-20   | won T-20    |
 * | lost1 |  500  |       | T-60 .. T-55   | T-55 .. T-30   | lost T-30   |
 * | lost2 |  500  |       | T-50 .. T-45   |                | lost T-45   |
 * | lost3 |  500  |       |                | T-35 .. T-25   | lost T-25   |
 *
 * Proposal: 5 closed deals reached it, 3 won (60%); days in it 10, 10, 20, 25, 10 (median 10); won deals
 * closed 10, 10, 20 days after entering it (median 10). Final/estimate: 0.9, 0.8, 1.0 (median 0.9).
 */
import { addDays, today } from '../src/lib/calendar-days';
import { newCustomer } from './support/crm';
import { eventsOf, moveStage, newItem, newOpportunity, stageByName } from './support/sales';
import { createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;
let org: Registered;
let fresh: Registered;
let stages: Record<string, Record<string, any>>;
const T = today();
const day = (n: number) => addDays(T, n);

async function history(id: string, visits: Array<[string, number]>, closedAt: number) {
  await t.sql('delete from opportunity_stage_changes where opportunity_id = $1', [id]);
  for (const [name, at] of visits)
    await t.sql(
      `insert into opportunity_stage_changes (id, created_at, updated_at, organization_id, opportunity_id, to_stage_id, to_stage_name, changed_at)
       values (gen_random_uuid(), now(), now(), $1, $2, $3, $4, $5::date + time '12:00')`,
      [org.organizationId, id, stages[name].id, name, day(at)],
    );
  await t.sql(`update opportunities set closed_at = $1::date + time '12:00' where id = $2`, [day(closedAt), id]);
}

async function enteredStage(id: string, at: number) {
  await t.sql(`update opportunities set stage_entered_at = $1::date + time '09:00' where id = $2`, [day(at), id]);
}

async function won(value: number, final: number, visits: Array<[string, number]>, closedAt: number) {
  const customer = await newCustomer(org.agent);
  const item = await newItem(org.agent);
  const deal = await newOpportunity(org.agent, {
    customerId: customer.id,
    value: `${value}.00`,
    stageId: stages.Proposal.id,
    lines: [{ itemId: item.id, quantity: 1, unitPrice: `${value}.00` }],
  });
  await moveStage(org.agent, deal.id, { stageId: stages.Won.id, pickupDate: day(1), returnDate: day(2) });
  await t.sql(
    'update rental_orders set subtotal = $1 where id = (select rental_order_id from opportunities where id = $2)',
    [final, deal.id],
  );
  await history(deal.id, [...visits, ['Won', closedAt]], closedAt);
}

async function lost(visits: Array<[string, number]>, closedAt: number) {
  const deal = await newOpportunity(org.agent, { value: '500.00', stageId: stages.Proposal.id });
  await moveStage(org.agent, deal.id, { stageId: stages.Lost.id, lostReason: 'Price' });
  await history(deal.id, [...visits, ['Lost', closedAt]], closedAt);
}

let onTrack: Record<string, any>;
let stalled: Record<string, any>;
beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Deals');
  fresh = await t.registerOrg('Fresh');
  stages = await stageByName(org.agent);
  await won(
    1000,
    900,
    [
      ['Qualified', -100],
      ['Proposal', -90],
    ],
    -80,
  );
  await won(
    2000,
    1600,
    [
      ['Qualified', -70],
      ['Proposal', -60],
    ],
    -50,
  );
  await won(1000, 1000, [['Proposal', -40]], -20);
  await lost(
    [
      ['Qualified', -60],
      ['Proposal', -55],
    ],
    -30,
  );
  await lost([['Qualified', -50]], -45);
  await lost([['Proposal', -35]], -25);
  onTrack = await newOpportunity(org.agent, {
    value: '5000.00',
    stageId: stages.Proposal.id,
    expectedCloseDate: day(-3),
    ownerId: org.userId,
  });
  await enteredStage(onTrack.id, -5);
  stalled = await newOpportunity(org.agent, { value: '1000.00', stageId: stages.Proposal.id });
  await enteredStage(stalled.id, -20);
}, 60_000);
afterAll(() => t.close());

describe('GET /api/opportunities/:id/ai-insights', () => {
  it('figures from the history, each with its evidence', async () => {
    const res = await org.agent.get(`/api/opportunities/${onTrack.id}/ai-insights`).expect(200);
    expect(res.body).toEqual({
      opportunityId: onTrack.id,
      asOf: T,
      sufficientHistory: true,
      note: null,
      likelyCloseAmount: { value: '4500.00', evidence: 'won deals closed at a median 90% of their estimate (3 deals)' },
      winProbability: {
        value: 60,
        source: 'history',
        evidence: '3 of 5 closed deals that reached Proposal were won (60%)',
      },
      expectedCloseDate: { value: day(5), evidence: 'won deals closed a median 10 days after entering Proposal' },
      expectedDaysToClose: 5,
      recommendedActions: [
        {
          action: 'Confirm budget and scope before the final quote',
          evidence: 'won deals closed at a median 90% of their estimate (3 deals)',
        },
        { action: 'Update the expected close date', evidence: `it passed on ${day(-3)}` },
      ],
      history: {
        closedDeals: 6,
        wonDeals: 3,
        stageDeals: 5,
        stageWonDeals: 3,
        stageWinRate: 0.6,
        medianDaysInStage: 10,
        medianDaysToClose: 10,
        amountRatio: 0.9,
        amountSamples: 3,
      },
    });
  });

  it('a deal twice the median in its stage: probability lowered by a quarter, re-engage, today as the close', async () => {
    const res = await org.agent.get(`/api/opportunities/${stalled.id}/ai-insights`).expect(200);
    expect(res.body.winProbability).toEqual({
      value: 45,
      source: 'history',
      evidence:
        '3 of 5 closed deals that reached Proposal were won (60%); lowered by a quarter: 20 days in the stage against a median of 10',
    });
    expect(res.body.expectedCloseDate).toEqual({
      value: T,
      evidence: 'won deals closed a median 10 days after entering Proposal; that day has passed, so today',
    });
    expect(res.body.recommendedActions.map((a: { action: string }) => a.action)).toEqual([
      'Confirm budget and scope before the final quote',
      'Re-engage the customer: the deal has been in Proposal for 20 days',
    ]);
  });

  it('with too little history it says so and uses the stage probability, the estimate and the own date', async () => {
    const deal = await newOpportunity(fresh.agent, { value: '800.00', expectedCloseDate: day(10) });
    const res = await fresh.agent.get(`/api/opportunities/${deal.id}/ai-insights`).expect(200);
    expect(res.body).toMatchObject({
      sufficientHistory: false,
      note: 'Too little history (0 closed deals, 5 needed): the stage probability is used.',
      likelyCloseAmount: {
        value: '800.00',
        evidence: 'the estimate: too few won deals with a final amount to adjust it',
      },
      winProbability: { value: 10, source: 'stage', evidence: 'the stage probability: only 0 closed deals (5 needed)' },
      expectedCloseDate: { value: day(10), evidence: "the opportunity's own expected close date" },
      expectedDaysToClose: 10,
      recommendedActions: [
        {
          action: 'Record won and lost outcomes on closed deals',
          evidence: 'insights need 5 closed deals; the organization has 0',
        },
      ],
    });
  });

  it("answers 404 for another organization's deal and for an unknown id, and in GraphQL", async () => {
    await fresh.agent.get(`/api/opportunities/${onTrack.id}/ai-insights`).expect(404);
    await org.agent.get('/api/opportunities/00000000-0000-4000-8000-000000000000/ai-insights').expect(404);
    const gql = await t.gql<{ opportunityInsights: { winProbability: { value: number } } }>(
      org.agent,
      `query($id: ID!) { opportunityInsights(id: $id) { winProbability { value source } } }`,
      { id: onTrack.id },
    );
    expect(gql.data?.opportunityInsights.winProbability.value).toBe(60);
  });
});

describe('POST /api/opportunities/:id/generate-tasks', () => {
  it('creates one AI task per recommended action, once; a second call returns the same tasks', async () => {
    const first = await org.agent.post(`/api/opportunities/${onTrack.id}/generate-tasks`);
    expect(first.status).toBe(200);
    const tasks = first.body.tasks as Array<Record<string, unknown>>;
    expect(tasks.map((x) => [x.title, x.priority, x.dueDate])).toEqual([
      ['Confirm budget and scope before the final quote', 'medium', day(7)],
      ['Update the expected close date', 'high', day(1)],
    ]);
    for (const task of tasks)
      expect(task).toMatchObject({
        isAiGenerated: true,
        source: 'opportunity',
        sourceId: onTrack.id,
        opportunityId: onTrack.id,
        assigneeId: org.userId,
        contactId: onTrack.contactId,
        status: 'open',
        organizationId: org.organizationId,
      });
    const again = await org.agent.post(`/api/opportunities/${onTrack.id}/generate-tasks`).expect(200);
    expect(again.body.tasks.map((x: { id: string }) => x.id)).toEqual(tasks.map((x) => x.id));
    const rows = await t.sql('select id from tasks where opportunity_id = $1', [onTrack.id]);
    expect(rows).toHaveLength(2);
    const created = (await eventsOf(t, org.organizationId, 'task.created')).filter(
      (e) => e.opportunityId === onTrack.id,
    );
    expect(created).toHaveLength(2);
    expect(created[0]).toMatchObject({ isAiGenerated: true, source: 'opportunity', sourceId: onTrack.id });
    const listed = await org.agent.get(`/api/tasks?opportunityId=${onTrack.id}&isAiGenerated=true`).expect(200);
    expect(listed.body.data).toHaveLength(2);
  });

  it('concurrent calls create the tasks once', async () => {
    const results = await Promise.all(
      [1, 2, 3].map(() => org.agent.post(`/api/opportunities/${stalled.id}/generate-tasks`)),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const rows = await t.sql('select id from tasks where opportunity_id = $1', [stalled.id]);
    expect(rows).toHaveLength(2);
  });

  it('no tasks for advice about the records, or for a closed deal; 404 for another organization', async () => {
    const deal = await newOpportunity(fresh.agent, { value: '800.00' });
    const res = await fresh.agent.post(`/api/opportunities/${deal.id}/generate-tasks`).expect(200);
    expect(res.body.tasks.map((x: { title: string }) => x.title)).toEqual([]);
    await fresh.agent.post(`/api/opportunities/${onTrack.id}/generate-tasks`).expect(404);
    const rows = await t.sql('select id from tasks where opportunity_id = $1', [onTrack.id]);
    expect(rows).toHaveLength(2);
  });
});
