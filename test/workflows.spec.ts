import { createTestApp, type Registered, type TestApp } from './support/test-app';
import { newCustomer, newLead } from './support/crm';
import { workflowConfig } from '../src/modules/workflows/workflow.settings';
import { order } from './support/desk';
import { eventsOf, newItem } from './support/sales';
import { drainWorkflows, queuedRuns, taskFollowUp } from './support/workflow-fixtures';
import { dispatchOnce, runJob, sweepOnce } from '../src/modules/workflows/workflow.jobs';

let t: TestApp;
let a: Registered;
let b: Registered;

beforeAll(async () => {
  t = await createTestApp();
  a = await t.registerOrg('Workflow Rentals');
  b = await t.registerOrg('Other Rentals');
});
afterAll(() => t.close());

async function newWorkflow(org: Registered, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await org.agent.post('/api/workflows').send(body);
  if (res.status !== 201) throw new Error(`createWorkflow: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function runsOf(org: Registered, id: string, query = ''): Promise<Record<string, any>[]> {
  const res = await org.agent.get(`/api/workflows/${id}/runs${query}`).expect(200);
  return res.body.data;
}

async function switchOff(org: Registered, id: string): Promise<void> {
  await org.agent.put(`/api/workflows/${id}`).send({ active: false }).expect(200);
}

describe('definitions', () => {
  it('checks every name against the trigger record: unknown fields, wrong types, bad operators, 400 with details', async () => {
    const res = await a.agent.post('/api/workflows').send({
      name: 'Broken',
      trigger: { event: 'lead.created' },
      conditions: {
        all: [
          { field: 'nickname', op: 'equals', value: 7 },
          { field: 'email', op: 'greater_than', value: 'x' },
          { any: [{ field: 'leadName', op: 'sounds_like', value: 'x' }] },
        ],
      },
      actions: [
        { type: 'create_task', title: 'Call {{fax}}', assignee: { rule: 'user', userId: 'nope' }, dueInHours: -1 },
        { type: 'send_fax' },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    const fields = res.body.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'conditions.all[0].field',
        'conditions.all[1].value',
        'conditions.all[2].any[0].op',
        'actions[0].title',
        'actions[0].assignee.userId',
        'actions[0].dueInHours',
        'actions[1].type',
      ]),
    );
    expect(await t.sql(`select 1 from workflows where organization_id = $1`, [a.organizationId])).toHaveLength(0);
  });

  it('refuses an unknown trigger and a definition naming a user of another organization (the same answer as an unknown one)', async () => {
    const unknownTrigger = await a.agent.post('/api/workflows').send({ ...taskFollowUp(), trigger: { event: 'x.y' } });
    expect(unknownTrigger.status).toBe(400);
    expect(unknownTrigger.body.details[0].field).toBe('trigger.event');
    const body = (userId: string) =>
      taskFollowUp({ actions: [{ type: 'notify_user', to: { rule: 'user', userId }, title: 'New task' }] });
    const foreign = await a.agent.post('/api/workflows').send(body(b.userId));
    const nowhere = await a.agent.post('/api/workflows').send(body('00000000-0000-4000-8000-000000000009'));
    expect(foreign.status).toBe(400);
    expect(foreign.body.details).toEqual([
      { field: 'actions[0].to.userId', message: 'not a member of your organization' },
    ]);
    expect({ ...nowhere.body, requestId: null }).toEqual({ ...foreign.body, requestId: null });
  });

  it('editing the definition makes a new version; renaming does not', async () => {
    const w = await newWorkflow(a, taskFollowUp({ active: false }));
    expect(w.version).toBe(1);
    const renamed = await a.agent.put(`/api/workflows/${w.id}`).send({ name: 'Renamed' }).expect(200);
    expect(renamed.body.version).toBe(1);
    const edited = await a.agent
      .put(`/api/workflows/${w.id}`)
      .send({ actions: [{ type: 'create_task', title: 'v2 {{title}}', assignee: { rule: 'owner' } }] })
      .expect(200);
    expect(edited.body.version).toBe(2);
    expect(edited.body.definition.actions[0].title).toBe('v2 {{title}}');
    const versions = await t.sql(`select version from workflow_versions where workflow_id = $1 order by version`, [
      w.id,
    ]);
    expect(versions).toEqual([{ version: 1 }, { version: 2 }]);
    const listed = (await a.agent.get(`/api/workflows/${w.id}/versions`).expect(200)).body;
    expect(listed.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(listed[0]).toMatchObject({ workflowId: w.id, triggerEvent: 'task.created', createdById: a.userId });
    expect(listed[0].definition.actions[0].title).toBe('v2 {{title}}');
    expect(listed[1].definition.actions[0].title).toBe('Follow up: {{title}}');
    expect(typeof listed[1].createdAt).toBe('string');
    const bad = await a.agent
      .put(`/api/workflows/${w.id}`)
      .send({ conditions: { all: [{ field: 'nope', op: 'empty' }] } });
    expect(bad.status).toBe(400);
    expect((await a.agent.get(`/api/workflows/${w.id}`).expect(200)).body.version).toBe(2);
  });

  it('is for admins only', async () => {
    const member = await t.addMember(a.organizationId, 'user');
    expect((await member.agent.get('/api/workflows')).status).toBe(403);
  });
});

describe('runs', () => {
  it('an event runs the workflow once: a task with source workflow linked to its run, task.created says so, the run records every step', async () => {
    const w = await newWorkflow(a, taskFollowUp());
    await a.agent.post('/api/tasks').send({ title: 'Deliver the generator' }).expect(201);
    const jobs = await drainWorkflows(t);
    expect(jobs).toHaveLength(1);
    const [run] = await runsOf(a, w.id);
    expect(run).toMatchObject({
      status: 'succeeded',
      version: 1,
      triggerEvent: 'task.created',
      attempts: 1,
      error: null,
    });
    expect(run.steps.map((s: { type: string; outcome: string }) => [s.type, s.outcome])).toEqual([
      ['conditions', 'met'],
      ['create_task', 'done'],
    ]);
    const made = await a.agent.get(`/api/tasks/${run.steps[1].output.taskId}`).expect(200);
    expect(made.body).toMatchObject({
      title: 'Follow up: Deliver the generator',
      source: 'workflow',
      sourceId: run.id,
      isAiGenerated: false,
      priority: 'high',
      assigneeId: a.userId,
    });
    const created = (await eventsOf(t, a.organizationId, 'task.created')).find((e) => e.id === made.body.id);
    expect(created).toMatchObject({ source: 'workflow', sourceId: run.id, isAiGenerated: false, createdBy: null });
    // The system actor is in the organization's audit log.
    const audit = await t.sql<{ action: string; actor_email: string }>(
      `select action, actor_email from audit_entries where record_id = $1`,
      [run.id],
    );
    expect(audit).toEqual([{ action: `workflow "${w.name}" v1: create_task`, actor_email: 'system:workflows' }]);
    // The task it made is manual-free (source workflow): the condition stops it from starting another run.
    await drainWorkflows(t);
    const runs = await runsOf(a, w.id);
    expect(runs.map((r) => r.status).sort()).toEqual(['skipped', 'succeeded']);
    expect((await runsOf(a, w.id, '?status=skipped'))[0].steps[0]).toMatchObject({
      type: 'conditions',
      outcome: 'not_met',
    });
    await switchOff(a, w.id);
  });

  it('exactly once under two dispatchers and every job worked twice at once', async () => {
    const w = await newWorkflow(a, taskFollowUp());
    const titles = ['One', 'Two', 'Three'].map((x) => `Parallel ${x}`);
    for (const title of titles) await a.agent.post('/api/tasks').send({ title }).expect(201);
    const rounds = await Promise.all([
      dispatchOnce(t.orm, workflowConfig(t.deps.config)),
      dispatchOnce(t.orm, workflowConfig(t.deps.config)),
    ]);
    expect(rounds.flat()).toHaveLength(3);
    const jobs = (await queuedRuns(t)).filter((j) => rounds.flat().some((r) => r.runId === j.runId));
    expect(jobs).toHaveLength(3);
    await Promise.all(
      jobs.flatMap((j) => [1, 2].map(() => runJob(t.orm, t.deps.services.workflowRunner, j, { final: false }))),
    );
    const follow = await t.sql(
      `select title from tasks where organization_id = $1 and title like 'Follow up: Parallel%'`,
      [a.organizationId],
    );
    expect(follow).toHaveLength(3);
    expect(await runsOf(a, w.id)).toHaveLength(3);
    await switchOff(a, w.id);
  });

  it('a run finishes on the version it started with', async () => {
    const w = await newWorkflow(a, taskFollowUp());
    await a.agent.post('/api/tasks').send({ title: 'Versioned' }).expect(201);
    const [job] = await dispatchOnce(t.orm, workflowConfig(t.deps.config));
    await a.agent
      .put(`/api/workflows/${w.id}`)
      .send({ actions: [{ type: 'create_task', title: 'Second version {{title}}', assignee: { rule: 'owner' } }] })
      .expect(200);
    await runJob(t.orm, t.deps.services.workflowRunner, job, { final: false });
    const [run] = await runsOf(a, w.id);
    expect(run.version).toBe(1);
    expect(run.steps[1].input.title).toBe('Follow up: Versioned');
    await switchOff(a, w.id);
  });

  it('lead conversion triggers the organization workflows', async () => {
    const w = await newWorkflow(a, {
      name: 'Welcome a new customer',
      active: true,
      trigger: { event: 'lead.converted' },
      actions: [
        { type: 'create_task', title: 'Welcome call', assignee: { rule: 'user', userId: a.userId }, dueInHours: 24 },
        {
          type: 'notify_user',
          to: { rule: 'user', userId: a.userId },
          title: 'A lead converted',
          body: 'Customer {{customerId}}',
        },
      ],
    });
    const lead = await newLead(a.agent);
    const customer = await a.agent.post(`/api/leads/${lead.id}/convert`).send({}).expect(201);
    await drainWorkflows(t);
    const [run] = await runsOf(a, w.id);
    expect(run.status).toBe('succeeded');
    expect(run.triggerData.leadId).toBe(lead.id);
    const notes = await t.sql<{ body: string }>(
      `select body from notifications where organization_id = $1 and kind = 'workflow'`,
      [a.organizationId],
    );
    expect(notes.map((n) => n.body)).toContain(`Customer ${customer.body.id}`);
    await switchOff(a, w.id);
  });

  it('a failing action is retried, then the run fails and its owner hears of it; nothing of the failed attempt stays', async () => {
    // The member the task goes to leaves after the workflow was saved: the action cannot be done.
    const leaver = await t.addMember(a.organizationId, 'user');
    const w = await newWorkflow(a, {
      name: 'Call every lead',
      active: true,
      trigger: { event: 'lead.created' },
      actions: [
        { type: 'notify_user', to: { rule: 'user', userId: a.userId }, title: 'first step, rolled back' },
        { type: 'create_task', title: 'Call {{leadName}}', assignee: { rule: 'user', userId: leaver.userId } },
      ],
    });
    await t.sql(`delete from users where id = $1`, [leaver.userId]);
    await newLead(a.agent, { leadName: 'Nobody Owns Me' });
    const [job] = await dispatchOnce(t.orm, workflowConfig(t.deps.config));
    await expect(runJob(t.orm, t.deps.services.workflowRunner, job, { final: false })).rejects.toThrow(
      'is not a member',
    );
    let [run] = await runsOf(a, w.id);
    expect(run).toMatchObject({
      status: 'retrying',
      attempts: 1,
      error: `user ${leaver.userId} is not a member of the organization`,
    });
    expect(run.steps.map((s: { outcome: string }) => s.outcome)).toEqual(['met', 'done', 'failed']);
    await runJob(t.orm, t.deps.services.workflowRunner, job, { final: true });
    [run] = await runsOf(a, w.id);
    expect(run).toMatchObject({ status: 'failed', attempts: 2 });
    const notes = await t.sql<{ kind: string; title: string }>(
      `select kind, title from notifications where organization_id = $1 and (title like '%Call every lead%' or title = 'first step, rolled back')`,
      [a.organizationId],
    );
    expect(notes).toEqual([{ kind: 'workflow_failed', title: 'Workflow "Call every lead" failed' }]);
    await switchOff(a, w.id);
  });

  it('the loop guard: a workflow whose own writes trigger it stops at WORKFLOW_MAX_DEPTH', async () => {
    const w = await newWorkflow(a, {
      name: 'Echo',
      active: true,
      trigger: { event: 'task.created' },
      conditions: { all: [{ field: 'title', op: 'contains', value: 'echo' }] },
      actions: [{ type: 'create_task', title: 'echo {{title}}', assignee: { rule: 'owner' } }],
    });
    await a.agent.post('/api/tasks').send({ title: 'echo' }).expect(201);
    for (let i = 0; i < 6; i++) await drainWorkflows(t);
    const runs = await runsOf(a, w.id);
    expect(runs.map((r) => r.depth).sort()).toEqual([0, 1, 2]);
    const echoes = await t.sql(`select 1 from tasks where organization_id = $1 and title like 'echo%'`, [
      a.organizationId,
    ]);
    expect(echoes).toHaveLength(4);
    await switchOff(a, w.id);
  });
});

describe('test and simulate', () => {
  it('test runs the definition on a record without writing and shows each step', async () => {
    const w = await newWorkflow(a, taskFollowUp({ active: false }));
    const task = await a.agent.post('/api/tasks').send({ title: 'Quote the lift' }).expect(201);
    const before = await t.sql(`select count(*) from tasks where organization_id = $1`, [a.organizationId]);
    const res = await a.agent
      .post(`/api/workflows/${w.id}/test`)
      .send({ data: { id: task.body.id, title: 'Quote the lift', source: 'manual', assignedTo: a.userId } })
      .expect(200);
    expect(res.body.conditionsMet).toBe(true);
    expect(res.body.steps[1]).toMatchObject({ type: 'create_task', outcome: 'planned' });
    expect(res.body.steps[1].input.title).toBe('Follow up: Quote the lift');
    const notMet = await a.agent
      .post(`/api/workflows/${w.id}/test`)
      .send({ data: { source: 'workflow' } })
      .expect(200);
    expect(notMet.body.conditionsMet).toBe(false);
    const wrong = await a.agent.post(`/api/workflows/${w.id}/test`).send({ data: { source: 5, nope: 1 } });
    expect(wrong.status).toBe(400);
    const [event] = await t.sql<{ id: string }>(`select id from outbox_events where payload->'data'->>'id' = $1`, [
      task.body.id,
    ]);
    const fromEvent = await a.agent.post(`/api/workflows/${w.id}/test`).send({ eventId: event.id }).expect(200);
    expect(fromEvent.body.steps[1].input).toMatchObject({ title: 'Follow up: Quote the lift', assigneeId: a.userId });
    expect(await t.sql(`select count(*) from tasks where organization_id = $1`, [a.organizationId])).toEqual(before);
  });

  it('simulate replays the last 30 days of events per day', async () => {
    const w = await newWorkflow(a, taskFollowUp({ active: false }));
    const res = await a.agent.post(`/api/workflows/${w.id}/simulate`).expect(200);
    const manual = await t.sql<{ n: string }>(
      `select count(*) as n from outbox_events where organization_id = $1 and event = 'task.created' and payload->'data'->>'source' = 'manual'`,
      [a.organizationId],
    );
    expect(res.body.runs).toBe(Number(manual[0].n));
    expect(res.body.actions).toEqual({ create_task: Number(manual[0].n) });
    expect(res.body.events).toBeGreaterThan(res.body.runs);
    expect(res.body.days.reduce((s: number, d: { runs: number }) => s + d.runs, 0)).toBe(res.body.runs);
  });
});

describe('tenancy', () => {
  it("another organization's workflow, runs, test and simulate are 404", async () => {
    const w = await newWorkflow(a, taskFollowUp({ active: false }));
    for (const [method, path] of [
      ['get', `/api/workflows/${w.id}`],
      ['get', `/api/workflows/${w.id}/runs`],
      ['get', `/api/workflows/${w.id}/versions`],
      ['post', `/api/workflows/${w.id}/test`],
      ['post', `/api/workflows/${w.id}/simulate`],
      ['put', `/api/workflows/${w.id}`],
      ['delete', `/api/workflows/${w.id}`],
    ] as const) {
      const res = await b.agent[method](path).send({});
      expect([path, res.status]).toEqual([path, 404]);
    }
    expect((await b.agent.get('/api/workflows').expect(200)).body.data).toEqual([]);
  });

  it("an event of another organization cannot be a test's record", async () => {
    const w = await newWorkflow(b, taskFollowUp({ active: false }));
    const [event] = await t.sql<{ id: string }>(
      `select id from outbox_events where organization_id = $1 and event = 'task.created' limit 1`,
      [a.organizationId],
    );
    const res = await b.agent.post(`/api/workflows/${w.id}/test`).send({ eventId: event.id });
    expect(res.status).toBe(404);
  });
});

describe('time triggers', () => {
  const dayOffset = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

  it('a day before an order is due back: one run per order and date, however many sweeps; simulate sees the past ones', async () => {
    const customer = await newCustomer(a.agent, { ownerId: a.userId });
    const item = await newItem(a.agent, { quantityOwned: 5 });
    const lines = [{ itemId: item.id, quantity: 1 }];
    const ahead = await order(a, customer.id, lines, dayOffset(2), dayOffset(9));
    const past = await order(a, customer.id, lines, dayOffset(-12), dayOffset(-5));
    const w = await newWorkflow(a, {
      name: 'Return reminder',
      active: true,
      trigger: { date: 'order.returnDate', offsetDays: -1 },
      conditions: { all: [{ field: 'status', op: 'equals', value: 'pending' }] },
      actions: [{ type: 'create_task', title: 'Remind: due back {{returnDate}}', assignee: { rule: 'owner' } }],
    });
    const dayBefore = new Date(`${dayOffset(8)}T12:00:00Z`);
    expect(await sweepOnce(t.orm, new Date(`${dayOffset(5)}T12:00:00Z`))).toHaveLength(0);
    const made = await sweepOnce(t.orm, dayBefore);
    expect(made).toHaveLength(1);
    expect(await sweepOnce(t.orm, dayBefore)).toHaveLength(0);
    expect(await sweepOnce(t.orm, new Date(`${dayOffset(9)}T12:00:00Z`))).toHaveLength(0); // caught up, not again
    await runJob(t.orm, t.deps.services.workflowRunner, made[0], { final: false });
    const [run] = await runsOf(a, w.id);
    expect(run).toMatchObject({ status: 'succeeded', triggerEvent: 'order.returnDate' });
    expect(run.triggerData).toMatchObject({ id: ahead.id, returnDate: dayOffset(9) });
    const task = await a.agent.get(`/api/tasks/${run.steps[1].output.taskId}`).expect(200);
    expect(task.body).toMatchObject({
      title: `Remind: due back ${dayOffset(9)}`,
      assigneeId: a.userId,
      customerId: customer.id,
    });
    const sim = await a.agent.post(`/api/workflows/${w.id}/simulate`).expect(200);
    expect(sim.body.days.find((d: { date: string }) => d.date === dayOffset(-6))).toMatchObject({ runs: 1 });
    expect(past.id).toBeDefined();
    await switchOff(a, w.id);
  });

  it('a schedule runs once a day from its hour, on its weekdays; it has no record owner', async () => {
    const noOwner = await a.agent.post('/api/workflows').send({
      name: 'Morning',
      trigger: { schedule: { atHour: 8 } },
      actions: [{ type: 'notify_user', to: { rule: 'owner' }, title: 'Good morning' }],
    });
    expect(noOwner.status).toBe(400);
    expect(noOwner.body.details).toEqual([{ field: 'actions[0].to.rule', message: 'a schedule has no record owner' }]);
    const w = await newWorkflow(a, {
      name: 'Morning briefing',
      active: true,
      trigger: { schedule: { atHour: 8, weekdays: [1, 2, 3, 4, 5] } },
      actions: [{ type: 'notify_user', to: { rule: 'user', userId: a.userId }, title: 'Briefing for {{date}}' }],
    });
    const monday = '2026-12-07';
    expect(await sweepOnce(t.orm, new Date(`${monday}T07:59:00Z`))).toHaveLength(0);
    const made = await sweepOnce(t.orm, new Date(`${monday}T08:00:00Z`));
    expect(made).toHaveLength(1);
    expect(await sweepOnce(t.orm, new Date(`${monday}T15:00:00Z`))).toHaveLength(0);
    expect(await sweepOnce(t.orm, new Date('2026-12-06T09:00:00Z'))).toHaveLength(0); // a Sunday
    await runJob(t.orm, t.deps.services.workflowRunner, made[0], { final: false });
    const [run] = await runsOf(a, w.id);
    expect(run.steps[1].input).toEqual({ userId: a.userId, title: `Briefing for ${monday}`, body: null });
    await switchOff(a, w.id);
  });
});

describe('templates', () => {
  it('lists the rental templates; switching one on makes its workflows once, active', async () => {
    const list = await a.agent.get('/api/workflow-templates').expect(200);
    expect(list.body.map((x: { key: string }) => x.key)).toEqual([
      'return-reminder',
      'overdue-invoice-escalation',
      'new-lead-round-robin',
      'hot-lead-alert',
      'stagnant-deal',
    ]);
    const on = await a.agent
      .post('/api/workflow-templates/enable')
      .send({ key: 'overdue-invoice-escalation' })
      .expect(200);
    expect(on.body.map((w: { name: string; active: boolean }) => [w.name, w.active])).toEqual([
      ['Overdue invoice: 7 days', true],
      ['Overdue invoice: 14 days', true],
      ['Overdue invoice: 30 days', true],
    ]);
    for (const w of on.body) await switchOff(a, w.id);
    const again = await a.agent
      .post('/api/workflow-templates/enable')
      .send({ key: 'overdue-invoice-escalation' })
      .expect(200);
    expect(again.body.map((w: { id: string }) => w.id)).toEqual(on.body.map((w: { id: string }) => w.id));
    const after = await a.agent.get('/api/workflow-templates').expect(200);
    expect(after.body.find((x: { key: string }) => x.key === 'overdue-invoice-escalation').enabled).toBe(true);
    expect((await a.agent.post('/api/workflow-templates/enable').send({ key: 'nope' })).status).toBe(400);
    for (const w of on.body) await switchOff(a, w.id);
  });

  it('new leads go round-robin over the team with a call due within the hour; a hot lead notifies the manager', async () => {
    const member = await t.addMember(a.organizationId, 'user');
    const [rr] = (
      await a.agent
        .post('/api/workflow-templates/enable')
        .send({ key: 'new-lead-round-robin', userIds: [a.userId, member.userId] })
        .expect(200)
    ).body;
    const [hot] = (
      await a.agent
        .post('/api/workflow-templates/enable')
        .send({ key: 'hot-lead-alert', userId: member.userId })
        .expect(200)
    ).body;
    await newLead(a.agent, { leadName: 'First Caller' });
    await newLead(a.agent, { leadName: 'Second Caller' });
    await drainWorkflows(t);
    const tasks = await t.sql<{ title: string; assignee_id: string; priority: string }>(
      `select title, assignee_id, priority from tasks where organization_id = $1 and title like 'Call new lead %' order by created_at, title`,
      [a.organizationId],
    );
    expect(tasks.map((x) => x.assignee_id).sort()).toEqual([a.userId, member.userId].sort());
    expect(tasks.every((x) => x.priority === 'high')).toBe(true);
    // The score decides: a hot lead's run notifies, a cold one's is skipped (tested on a record: no scoring setup).
    const hotTest = await a.agent
      .post(`/api/workflows/${hot.id}/test`)
      .send({ data: { leadName: 'Big Builder', score: 7 } });
    expect(hotTest.body.steps[1]).toMatchObject({ outcome: 'planned', input: { userId: member.userId } });
    const cold = await a.agent.post(`/api/workflows/${hot.id}/test`).send({ data: { leadName: 'Small', score: 3 } });
    expect(cold.body.conditionsMet).toBe(false);
    await switchOff(a, rr.id);
    await switchOff(a, hot.id);
  });
});

it('starts only on event kinds some module declares', async () => {
  const { eventKinds } = await import('../src/composition');
  const { WORKFLOW_EVENT_KINDS } = await import('../src/modules/workflows/trigger-fields');
  expect(WORKFLOW_EVENT_KINDS.filter((k) => !eventKinds.includes(k))).toEqual([]);
});
