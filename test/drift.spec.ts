import { clock } from '../src/lib/clock';
import { StageDriftJob } from '../src/modules/sales/opportunities/drift.job';
import { stagnantOpportunities } from '../src/modules/sales/opportunities/stagnant.query';
import { createTestApp, Registered, TestApp } from './support/test-app';
import { eventsOf, moveStage, newOpportunity, stageByName } from './support/sales';

let t: TestApp;
let org: Registered;
let member: Registered;
let stages: Record<string, Record<string, any>>;
let job: StageDriftJob;
beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Drift');
  member = await t.addMember(org.organizationId, 'user');
  stages = await stageByName(org.agent);
  job = new StageDriftJob(t.orm, t.deps.services.tasks);
});
afterAll(() => t.close());
afterEach(() => clock.reset());

const DAY = 86_400_000;
const daysLater = (n: number) => new Date(clock.nowMs() + n * DAY);

async function driftTasks(organizationId: string) {
  return t.sql<{
    id: string;
    opportunity_id: string;
    assignee_id: string | null;
    source: string;
    source_id: string;
    title: string;
  }>(
    `select id, opportunity_id, assignee_id, source, source_id, title from tasks where organization_id = $1 and dedupe_key like 'drift:%' order by created_at`,
    [organizationId],
  );
}

describe('GET /api/opportunities/stagnant', () => {
  it('lists open deals past their stage threshold (stage’s own, else the organization default), longest first', async () => {
    const o = await t.registerOrg('Stagnant');
    const s = await stageByName(o.agent);
    await o.agent.put(`/api/pipeline-stages/${s.Proposal.id}`).send({ stagnantDays: 3 });
    await o.agent.put('/api/settings/sales').send({ stagnantDays: 10 });
    const proposal = await newOpportunity(o.agent, { name: 'In proposal', stageId: s.Proposal.id });
    const qualified = await newOpportunity(o.agent, { name: 'In qualified', stageId: s.Qualified.id });
    const lost = await newOpportunity(o.agent, { name: 'Lost one', stageId: s.Proposal.id });
    await moveStage(o.agent, lost.id, { stageId: s.Lost.id, lostReason: 'No budget' });

    clock.advance(5 * DAY);
    let agent = await t.login(o.email, o.password); // the old session idled out while the clock moved
    let res = await agent.get('/api/opportunities/stagnant');
    expect(res.status).toBe(200);
    expect(res.body.data.map((d: any) => [d.opportunity.name, d.daysInStage, d.thresholdDays])).toEqual([
      ['In proposal', 5, 3],
    ]);

    clock.advance(6 * DAY);
    agent = await t.login(o.email, o.password);
    res = await agent.get('/api/opportunities/stagnant');
    expect(res.body.data.map((d: any) => [d.opportunity.id, d.daysInStage, d.thresholdDays])).toEqual([
      [proposal.id, 11, 3],
      [qualified.id, 11, 10],
    ]);
    expect(res.body.pagination).toMatchObject({ totalItems: 2, currentPage: 1 });
    expect((await agent.get(`/api/opportunities/stagnant?stageId=${s.Qualified.id}`)).body.data).toHaveLength(1);
    expect(
      (await agent.get('/api/opportunities/stagnant?limit=1&page=2')).body.data.map((d: any) => d.opportunity.id),
    ).toEqual([qualified.id]);

    // a move starts the clock of the new stage again
    await moveStage(agent, proposal.id, { stageId: s.Negotiation.id });
    expect((await agent.get('/api/opportunities/stagnant')).body.data.map((d: any) => d.opportunity.id)).toEqual([
      qualified.id,
    ]);
    // another organization sees none of it
    expect((await (await t.registerOrg('Else')).agent.get('/api/opportunities/stagnant')).body.data).toEqual([]);
  });
});

describe('the drift job', () => {
  it('creates one follow-up task per stagnant deal for its owner, and none on later runs', async () => {
    const stale = await newOpportunity(org.agent, {
      name: 'Stale deal',
      ownerId: member.userId,
      stageId: stages.Qualified.id,
    });
    const fresh = await newOpportunity(org.agent, { name: 'Fresh deal' });
    await t.sql(`update opportunities set stage_entered_at = stage_entered_at - interval '1 hour' where id = $1`, [
      fresh.id,
    ]);

    const first = await job.runOnce(daysLater(15));
    expect(first.created).toBeGreaterThanOrEqual(1);
    const tasks = await driftTasks(org.organizationId);
    expect(tasks.map((x) => [x.opportunity_id, x.assignee_id, x.source, x.source_id])).toEqual(
      expect.arrayContaining([[stale.id, member.userId, 'opportunity', stale.id]]),
    );
    expect(tasks.find((x) => x.opportunity_id === stale.id)!.title).toBe(
      'Follow up: "Stale deal" has been in Qualified for 15 days',
    );
    const created = await eventsOf(t, org.organizationId, 'task.created');
    expect(created.filter((e) => e.opportunityId === stale.id)).toEqual([
      expect.objectContaining({
        assignedTo: member.userId,
        source: 'opportunity',
        sourceId: stale.id,
        isAiGenerated: false,
        createdBy: null,
      }),
    ]);

    // later runs do not even look at deals whose current stay has its task (the SQL key is the task's dedupe key)
    const pending = await stagnantOpportunities(t.orm.em.fork(), {
      organizationId: org.organizationId,
      now: daysLater(15),
      withoutFollowUp: true,
    });
    expect(pending.rows.map((r) => r.id)).not.toContain(stale.id);
    const all = await stagnantOpportunities(t.orm.em.fork(), {
      organizationId: org.organizationId,
      now: daysLater(15),
    });
    expect(all.rows.map((r) => r.id)).toContain(stale.id);
    // the job runs over every organization of the database: count this organization's tasks
    expect((await job.runOnce(daysLater(15))).created).toBe(0);
    await job.runOnce(daysLater(20));
    expect(await driftTasks(org.organizationId)).toHaveLength(tasks.length);
    const perOpp = await t.sql<{ n: string }>(`select count(*) as n from tasks where opportunity_id = $1`, [stale.id]);
    expect(Number(perOpp[0].n)).toBe(1);

    // completing the task does not bring a second one while the deal stays put
    const taskId = tasks.find((x) => x.opportunity_id === stale.id)!.id;
    expect((await member.agent.post(`/api/tasks/${taskId}/complete`)).status).toBe(200);
    await job.runOnce(daysLater(25));
    expect(await driftTasks(org.organizationId)).toHaveLength(tasks.length);
  });

  it('two runs at once still create one task per deal', async () => {
    const o = await t.registerOrg('Race');
    const opp = await newOpportunity(o.agent);
    const runs = await Promise.all([
      job.runOnce(daysLater(30)),
      job.runOnce(daysLater(30)),
      job.runOnce(daysLater(30)),
    ]);
    expect(runs.reduce((n, r) => n + r.created, 0)).toBeGreaterThanOrEqual(1);
    const rows = await t.sql<{ n: string }>(`select count(*) as n from tasks where opportunity_id = $1`, [opp.id]);
    expect(Number(rows[0].n)).toBe(1);
  });

  it('a deal that moves and stalls again gets a new task', async () => {
    const o = await t.registerOrg('Again');
    const s = await stageByName(o.agent);
    const opp = await newOpportunity(o.agent);
    expect((await job.runOnce(daysLater(15))).created).toBeGreaterThanOrEqual(1);
    clock.advance(15 * DAY);
    const agent = await t.login(o.email, o.password);
    await moveStage(agent, opp.id, { stageId: s.Proposal.id });
    await job.runOnce(daysLater(1));
    expect(await driftTasks(o.organizationId)).toHaveLength(1);
    await job.runOnce(daysLater(15));
    const tasks = await driftTasks(o.organizationId);
    expect(tasks.map((x) => x.title)).toEqual([
      expect.stringContaining('in Prospecting for 15 days'),
      expect.stringContaining('in Proposal for 15 days'),
    ]);
  });
});
