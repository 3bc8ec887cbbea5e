import { createTestApp, Registered, TestApp } from './support/test-app';
import { count } from './support/crm';
import { eventsOf, newOpportunity, stageByName, stagesOf } from './support/sales';

let t: TestApp;
let org: Registered;
let member: Registered;
let other: Registered;
beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Pipelines');
  member = await t.addMember(org.organizationId, 'user');
  other = await t.registerOrg('Other');
});
afterAll(() => t.close());

const names = (stages: Record<string, any>[]) => stages.map((s) => s.name as string);

describe('the default pipeline', () => {
  it('exists once per organization with the standard stages, even when first asked for concurrently', async () => {
    const fresh = await t.registerOrg('Fresh');
    const answers = await Promise.all([1, 2, 3, 4].map(() => fresh.agent.get('/api/pipelines')));
    for (const a of answers) expect(a.status).toBe(200);
    expect(await count(t, 'pipelines', fresh.organizationId)).toBe(1);
    const [pipeline] = answers[0].body;
    expect(pipeline).toMatchObject({ name: 'Sales', isDefault: true, organizationId: fresh.organizationId });
    expect(
      pipeline.stages.map((s: Record<string, unknown>) => [s.name, s.position, s.probability, s.isWon, s.isLost]),
    ).toEqual([
      ['Prospecting', 0, 10, false, false],
      ['Qualified', 1, 25, false, false],
      ['Proposal', 2, 50, false, false],
      ['Negotiation', 3, 75, false, false],
      ['Won', 4, 100, true, false],
      ['Lost', 5, 0, false, true],
    ]);
    // new opportunities start in its first stage
    const opp = await newOpportunity(fresh.agent);
    expect(opp).toMatchObject({
      stageId: pipeline.stages[0].id,
      pipelineId: pipeline.id,
      probability: 10,
      status: 'open',
    });
  });

  it('is readable by every member; another organization sees only its own', async () => {
    const res = await member.agent.get('/api/pipelines');
    expect(res.status).toBe(200);
    const mine = res.body[0].id;
    expect((await other.agent.get(`/api/pipelines/${mine}`)).status).toBe(404);
    expect((await other.agent.get('/api/pipelines')).body.map((p: { id: string }) => p.id)).not.toContain(mine);
  });
});

describe('stages (admins)', () => {
  it('members may not change stages (403)', async () => {
    const [stage] = await stagesOf(org.agent);
    expect(
      (await member.agent.post(`/api/pipelines/${stage.pipelineId}/stages`).send({ name: 'X', probability: 5 })).status,
    ).toBe(403);
    expect((await member.agent.put(`/api/pipeline-stages/${stage.id}`).send({ name: 'X' })).status).toBe(403);
    expect((await member.agent.delete(`/api/pipeline-stages/${stage.id}`)).status).toBe(403);
  });

  it('creates at a position, renames, changes probability and threshold, and reorders', async () => {
    const p = await t.registerOrg('Shape');
    const before = await stagesOf(p.agent);
    const pipelineId = before[0].pipelineId;
    const created = await p.agent
      .post(`/api/pipelines/${pipelineId}/stages`)
      .send({ name: 'Site visit', probability: 40, stagnantDays: 5, position: 2 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Site visit',
      position: 2,
      probability: 40,
      stagnantDays: 5,
      isWon: false,
      isLost: false,
    });
    expect(names(await stagesOf(p.agent))).toEqual([
      'Prospecting',
      'Qualified',
      'Site visit',
      'Proposal',
      'Negotiation',
      'Won',
      'Lost',
    ]);

    const renamed = await p.agent
      .put(`/api/pipeline-stages/${created.body.id}`)
      .send({ name: 'Site survey', probability: 45, stagnantDays: null });
    expect(renamed.body).toMatchObject({ name: 'Site survey', probability: 45, stagnantDays: null });

    const order = (await stagesOf(p.agent)).map((s) => s.id).reverse();
    const reordered = await p.agent.put(`/api/pipelines/${pipelineId}/stages/order`).send({ stageIds: order });
    expect(reordered.status).toBe(200);
    expect(names(await stagesOf(p.agent))).toEqual([
      'Lost',
      'Won',
      'Negotiation',
      'Proposal',
      'Site survey',
      'Qualified',
      'Prospecting',
    ]);
    expect((await stagesOf(p.agent)).map((s) => s.position)).toEqual([0, 1, 2, 3, 4, 5, 6]);

    const partial = await p.agent.put(`/api/pipelines/${pipelineId}/stages/order`).send({ stageIds: order.slice(1) });
    expect(partial.status).toBe(400);
    expect(partial.body.details[0].field).toBe('stageIds');
    const foreign = (await stagesOf(other.agent))[0].id;
    expect(
      (await p.agent.put(`/api/pipelines/${pipelineId}/stages/order`).send({ stageIds: [...order.slice(1), foreign] }))
        .status,
    ).toBe(400);
  });

  it('validates stage bodies', async () => {
    const [stage] = await stagesOf(org.agent);
    const bad = await org.agent
      .post(`/api/pipelines/${stage.pipelineId}/stages`)
      .send({ name: '', probability: 101, stagnantDays: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { field: string }) => d.field).sort()).toEqual([
      'name',
      'probability',
      'stagnantDays',
    ]);
    const both = await org.agent
      .post(`/api/pipelines/${stage.pipelineId}/stages`)
      .send({ name: 'Odd', probability: 50, isWon: true, isLost: true });
    expect(both.status).toBe(400);
  });

  it('refuses deleting a stage that holds opportunities unless they are moved; moving records history', async () => {
    const d = await t.registerOrg('Delete');
    const stages = await stageByName(d.agent);
    const opp = await newOpportunity(d.agent, { stageId: stages.Proposal.id });
    const refused = await d.agent.delete(`/api/pipeline-stages/${stages.Proposal.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.details[0].field).toBe('moveToStageId');

    expect(
      (await d.agent.delete(`/api/pipeline-stages/${stages.Proposal.id}?moveToStageId=${stages.Won.id}`)).status,
    ).toBe(400); // other kind
    const foreign = (await stagesOf(other.agent))[1].id;
    expect((await d.agent.delete(`/api/pipeline-stages/${stages.Proposal.id}?moveToStageId=${foreign}`)).status).toBe(
      404,
    );
    expect((await d.agent.get(`/api/opportunities/${opp.id}`)).body.stageId).toBe(stages.Proposal.id);

    const ok = await d.agent.delete(`/api/pipeline-stages/${stages.Proposal.id}?moveToStageId=${stages.Qualified.id}`);
    expect(ok.status).toBe(200);
    expect(names(await stagesOf(d.agent))).toEqual(['Prospecting', 'Qualified', 'Negotiation', 'Won', 'Lost']);
    expect((await stagesOf(d.agent)).map((s) => s.position)).toEqual([0, 1, 2, 3, 4]);
    const moved = (await d.agent.get(`/api/opportunities/${opp.id}`)).body;
    expect(moved).toMatchObject({ stageId: stages.Qualified.id, status: 'open' });
    const history = (await d.agent.get(`/api/opportunities/${opp.id}/history`)).body;
    expect(history[history.length - 1]).toMatchObject({
      fromStageId: null,
      fromStageName: 'Proposal',
      toStageId: stages.Qualified.id,
      toStageName: 'Qualified',
      changedById: d.userId,
      note: 'stage Proposal deleted',
    });
    expect(
      (await eventsOf(t, d.organizationId, 'opportunity.stage_changed')).map((e) => [e.id, e.previousStage, e.stage]),
    ).toEqual([[opp.id, 'Proposal', 'Qualified']]);
  });

  it('an empty stage is deleted at once; the last open stage is kept', async () => {
    const d = await t.registerOrg('Last');
    const stages = await stageByName(d.agent);
    // A target that names no stage of the organization is refused even when nothing has to move (found by the tenancy sweep).
    const foreign = (await stagesOf(other.agent))[0].id;
    expect(
      (await d.agent.delete(`/api/pipeline-stages/${stages.Prospecting.id}?moveToStageId=${foreign}`)).status,
    ).toBe(404);
    expect(names(await stagesOf(d.agent))).toContain('Prospecting');
    for (const name of ['Prospecting', 'Qualified', 'Proposal'])
      expect((await d.agent.delete(`/api/pipeline-stages/${stages[name].id}`)).status).toBe(200);
    const last = await d.agent.delete(`/api/pipeline-stages/${stages.Negotiation.id}`);
    expect(last.status).toBe(409);
    expect((await d.agent.delete(`/api/pipeline-stages/${stages.Lost.id}`)).status).toBe(200);
    expect(names(await stagesOf(d.agent))).toEqual(['Negotiation', 'Won']);
  });

  it('another organization’s stage is 404', async () => {
    const [stage] = await stagesOf(org.agent);
    expect((await other.agent.put(`/api/pipeline-stages/${stage.id}`).send({ name: 'Mine now' })).status).toBe(404);
    expect((await other.agent.delete(`/api/pipeline-stages/${stage.id}`)).status).toBe(404);
    expect(
      (await other.agent.post(`/api/pipelines/${stage.pipelineId}/stages`).send({ name: 'X', probability: 1 })).status,
    ).toBe(404);
  });
});

describe('more pipelines and the sales settings', () => {
  it('admins create a pipeline with their stages and rename it', async () => {
    const res = await org.agent.post('/api/pipelines').send({
      name: 'Projects',
      stages: [
        { name: 'New', probability: 5 },
        { name: 'Signed', probability: 100, isWon: true },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Projects', isDefault: false });
    expect(names(res.body.stages)).toEqual(['New', 'Signed']);
    expect((await org.agent.put(`/api/pipelines/${res.body.id}`).send({ name: 'Big projects' })).body.name).toBe(
      'Big projects',
    );
    const noOpen = await org.agent
      .post('/api/pipelines')
      .send({ name: 'Bad', stages: [{ name: 'Won', probability: 100, isWon: true }] });
    expect(noOpen.status).toBe(400);
    expect((await member.agent.post('/api/pipelines').send({ name: 'Nope' })).status).toBe(403);
  });

  it('settings have defaults and admins change them', async () => {
    expect((await member.agent.get('/api/settings/sales')).body).toMatchObject({
      stagnantDays: 14,
      commitProbability: 75,
    });
    expect((await member.agent.put('/api/settings/sales').send({ stagnantDays: 3 })).status).toBe(403);
    const res = await org.agent.put('/api/settings/sales').send({ stagnantDays: 21, commitProbability: 60 });
    expect(res.body).toMatchObject({ stagnantDays: 21, commitProbability: 60 });
    expect((await org.agent.put('/api/settings/sales').send({ stagnantDays: 0 })).status).toBe(400);
    expect((await other.agent.get('/api/settings/sales')).body.stagnantDays).toBe(14);
  });
});
