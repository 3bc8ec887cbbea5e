/** The workflow action wait (docs/workflows.md, "Definitions"): durable, resumed on its version, conditions re-checked. */
import { clock } from '../src/lib/clock';
import { dispatchOnce, runJob } from '../src/modules/workflows/workflow.jobs';
import { workflowConfig } from '../src/modules/workflows/workflow.settings';
import type { RunJob } from '../src/modules/workflows/dispatch.sql';
import { createTestApp, type Registered, type TestApp } from './support/test-app';
import { drainWorkflows } from './support/workflow-fixtures';

let t: TestApp;
let a: Registered;
let b: Registered;

beforeAll(async () => {
  t = await createTestApp();
  a = await t.registerOrg('Waiting Rentals');
  b = await t.registerOrg('Other Waiting Rentals');
});
afterEach(() => clock.reset());
afterAll(() => t.close());

const HOUR = 3600_000;
/** On a manual task: tell its assignee, wait a day, and if the task is still open, a follow-up task. */
/** Runs on every manual task created open: the trigger and conditions the workflows below share. */
const onOpenManualTask = {
  active: true,
  trigger: { event: 'task.created' },
  conditions: {
    all: [
      { field: 'source', op: 'equals', value: 'manual' },
      { field: 'status', op: 'equals', value: 'open' },
    ],
  },
};
const stillOpen = (extra: Record<string, unknown> = {}) => ({
  name: 'Chase open tasks',
  ...onOpenManualTask,
  actions: [
    { type: 'notify_user', to: { rule: 'owner' }, title: 'New task {{title}}' },
    { type: 'wait', hours: 24 },
    { type: 'create_task', title: 'Still open: {{title}}', assignee: { rule: 'owner' } },
  ],
  ...extra,
});

async function runsOf(org: Registered, id: string): Promise<Record<string, any>[]> {
  return (await org.agent.get(`/api/workflows/${id}/runs?sortBy=createdAt&sortOrder=asc`).expect(200)).body.data;
}
const work = (jobs: RunJob[]) =>
  Promise.all(
    jobs.flatMap((j) => [1, 2].map(() => runJob(t.orm, t.deps.services.workflowRunner, j, { final: false }))),
  );

/** A day later, two dispatchers at once resume the waiting runs (each once), and two workers work each job. */
async function resumeAfterADay(runs: Record<string, any>[]): Promise<void> {
  clock.advance(25 * HOUR);
  const rounds = await Promise.all([1, 2].map(() => dispatchOnce(t.orm, workflowConfig(t.deps.config))));
  const resumed = rounds.flat().filter((j) => runs.some((r) => r.id === j.runId));
  expect(resumed).toHaveLength(2);
  await work(resumed);
  clock.reset();
}

it('suspends durably, resumes on its version after the wait, and stops when the conditions no longer hold; once under two workers', async () => {
  const w = (await a.agent.post('/api/workflows').send(stillOpen()).expect(201)).body;
  const done = (await a.agent.post('/api/tasks').send({ title: 'Done soon' }).expect(201)).body;
  const open = (await a.agent.post('/api/tasks').send({ title: 'Left open' }).expect(201)).body;
  const first = await drainWorkflows(t);
  expect(first).toHaveLength(2);
  let runs = await runsOf(a, w.id);
  expect(runs.map((r) => r.status)).toEqual(['waiting', 'waiting']);
  expect(runs[0].steps.map((s: { type: string; outcome: string }) => [s.type, s.outcome])).toEqual([
    ['conditions', 'met'],
    ['notify_user', 'done'],
    ['wait', 'done'],
  ]);
  const due = Date.parse(runs[0].resumeAt);
  expect(due - Date.parse(runs[0].createdAt)).toBeGreaterThanOrEqual(24 * HOUR);
  // what came before the wait is committed
  const notes = await t.sql(`select title from notifications where organization_id = $1 and title like 'New task %'`, [
    a.organizationId,
  ]);
  expect(notes).toHaveLength(2);
  // a job handed out again while the run waits does nothing; nothing resumes before its time
  await work(first);
  expect(await dispatchOnce(t.orm, workflowConfig(t.deps.config))).toEqual([]);
  // an edit makes version 2: the waiting runs finish on version 1
  await a.agent
    .put(`/api/workflows/${w.id}`)
    .send({ actions: [{ type: 'create_task', title: 'v2 {{title}}', assignee: { rule: 'owner' } }] })
    .expect(200);
  await a.agent.post(`/api/tasks/${done.id}/complete`).expect(200);

  await resumeAfterADay(runs);

  runs = await runsOf(a, w.id);
  const byTask = (id: string) => runs.find((r) => r.triggerData.id === id)!;
  expect(byTask(done.id)).toMatchObject({ status: 'stopped', version: 1, attempts: 2 });
  expect(byTask(done.id).triggerData.status).toBe('completed');
  expect(byTask(done.id).steps.at(-1)).toMatchObject({ type: 'conditions', path: 'actions[1]', outcome: 'not_met' });
  expect(byTask(open.id)).toMatchObject({ status: 'succeeded', version: 1, resumeAt: null });
  expect(byTask(open.id).steps.map((s: { type: string; outcome: string }) => [s.type, s.outcome])).toEqual([
    ['conditions', 'met'],
    ['notify_user', 'done'],
    ['wait', 'done'],
    ['conditions', 'met'],
    ['create_task', 'done'],
  ]);
  const made = await t.sql(`select title from tasks where organization_id = $1 and title like 'Still open:%'`, [
    a.organizationId,
  ]);
  expect(made).toEqual([{ title: 'Still open: Left open' }]);
  expect(await t.sql(`select 1 from tasks where title like 'v2 %'`)).toEqual([]);
  // the audit log has the finished runs that wrote (both notified before their wait)
  const audited = await t.sql<{ record_id: string }>(
    `select record_id from audit_entries where operation = 'workflowRun'`,
  );
  expect(audited.filter((e) => runs.some((r) => r.id === e.record_id))).toHaveLength(2);
  await a.agent.put(`/api/workflows/${w.id}`).send({ active: false }).expect(200);
});

it('a waiting run of a workflow switched off stops when it would resume', async () => {
  const w = (await b.agent.post('/api/workflows').send(stillOpen()).expect(201)).body;
  await b.agent.post('/api/tasks').send({ title: 'Forgotten' }).expect(201);
  await drainWorkflows(t);
  await b.agent.put(`/api/workflows/${w.id}`).send({ active: false }).expect(200);
  clock.advance(2 * 24 * HOUR);
  await drainWorkflows(t);
  clock.reset();
  const [run] = await runsOf(b, w.id);
  expect(run.status).toBe('stopped');
  expect(run.steps.at(-1)).toMatchObject({ type: 'inactive', outcome: 'not_met' });
});

it('checks waits when saved (in branches too): one of hours or days, within a year; test plans the wait and goes on', async () => {
  const bad = await a.agent.post('/api/workflows').send(
    stillOpen({
      actions: [
        { type: 'wait', hours: 2, days: 1 },
        { type: 'wait', days: 0 },
        { type: 'wait', days: 366 },
        {
          type: 'branch',
          if: { all: [{ field: 'priority', op: 'equals', value: 'high' }] },
          then: [{ type: 'wait', hours: 0 }],
        },
      ],
    }),
  );
  expect(bad.status).toBe(400);
  expect(bad.body.details.map((d: { field: string }) => d.field)).toEqual([
    'actions[0]',
    'actions[1].days',
    'actions[2].days',
    'actions[3].then[0].hours',
  ]);
  const toMe = { rule: 'user', userId: a.userId };
  const w = (
    await a.agent
      .post('/api/workflows')
      .send(
        stillOpen({
          active: false,
          actions: [
            { type: 'notify_user', to: toMe, title: 'New task {{title}}' },
            { type: 'wait', days: 3 },
            { type: 'create_task', title: 'Still open: {{title}}', assignee: toMe },
          ],
        }),
      )
      .expect(201)
  ).body;
  const tried = await a.agent
    .post(`/api/workflows/${w.id}/test`)
    .send({
      data: {
        id: '00000000-0000-4000-8000-000000000001',
        title: 'Dry',
        source: 'manual',
        status: 'open',
        assignedTo: a.userId,
      },
    })
    .expect(200);
  expect(tried.body.steps.map((s: { type: string; outcome: string }) => [s.type, s.outcome])).toEqual([
    ['conditions', 'met'],
    ['notify_user', 'planned'],
    ['wait', 'planned'],
    ['create_task', 'planned'],
  ]);
  expect(tried.body.steps[2].input).toMatchObject({ days: 3 });
});

/** A wait inside a branch: high-priority tasks are chased after a day, inside the branch, then the rest. */
const chaseHigh = () => ({
  name: 'Chase high-priority tasks',
  ...onOpenManualTask,
  actions: [
    {
      type: 'branch',
      if: { all: [{ field: 'priority', op: 'equals', value: 'high' }] },
      then: [
        { type: 'notify_user', to: { rule: 'owner' }, title: 'High: {{title}}' },
        { type: 'wait', hours: 24 },
        { type: 'create_task', title: 'Inside: {{title}}', assignee: { rule: 'owner' } },
      ],
      else: [{ type: 'notify_user', to: { rule: 'owner' }, title: 'Low: {{title}}' }],
    },
    { type: 'create_task', title: 'After: {{title}}', assignee: { rule: 'owner' } },
  ],
});
const typesOf = (run: Record<string, any>) =>
  run.steps.map((s: { type: string; path?: string; outcome: string }) => [s.type, s.path ?? '', s.outcome]);

it('a wait inside a branch resumes inside it, after the wait, once under two workers, with the conditions re-checked', async () => {
  const w = (await b.agent.post('/api/workflows').send(chaseHigh()).expect(201)).body;
  const high = (await b.agent.post('/api/tasks').send({ title: 'Urgent', priority: 'high' }).expect(201)).body;
  const closed = (await b.agent.post('/api/tasks').send({ title: 'Closed', priority: 'high' }).expect(201)).body;
  const low = (await b.agent.post('/api/tasks').send({ title: 'Later', priority: 'low' }).expect(201)).body;
  await work(await drainWorkflows(t));
  let runs = await runsOf(b, w.id);
  const byTask = (id: string) => runs.find((r) => r.triggerData.id === id)!;
  expect(byTask(high.id).status).toBe('waiting');
  expect(typesOf(byTask(high.id))).toEqual([
    ['conditions', '', 'met'],
    ['branch', 'actions[0]', 'met'],
    ['notify_user', 'actions[0].then[0]', 'done'],
    ['wait', 'actions[0].then[1]', 'done'],
  ]);
  expect(byTask(low.id).status).toBe('succeeded');
  await b.agent.post(`/api/tasks/${closed.id}/complete`).expect(200);

  // the run's state is its row alone: a second dispatcher and worker (another instance, or one after a restart)
  await resumeAfterADay(runs);

  runs = await runsOf(b, w.id);
  expect(byTask(high.id).status).toBe('succeeded');
  expect(typesOf(byTask(high.id)).slice(4)).toEqual([
    ['conditions', 'actions[0].then[1]', 'met'],
    ['create_task', 'actions[0].then[2]', 'done'],
    ['create_task', 'actions[1]', 'done'],
  ]);
  expect(byTask(closed.id)).toMatchObject({ status: 'stopped' });
  expect(byTask(closed.id).steps.at(-1)).toMatchObject({ type: 'conditions', path: 'actions[0].then[1]' });
  const made = await t.sql<{ title: string }>(
    `select title from tasks where organization_id = $1 and (title like 'Inside:%' or title like 'After:%') order by title`,
    [b.organizationId],
  );
  expect(made.map((r) => r.title)).toEqual(['After: Later', 'After: Urgent', 'Inside: Urgent']);
  await b.agent.put(`/api/workflows/${w.id}`).send({ active: false }).expect(200);
});
