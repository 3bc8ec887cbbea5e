import { dispatchOnce, runJob } from '../../src/modules/workflows/workflow.jobs';
import type { RunJob } from '../../src/modules/workflows/dispatch.sql';
import { workflowConfig } from '../../src/modules/workflows/workflow.settings';
import type { Registered, TestApp } from './test-app';

/** A workflow body: on task.created, a high-priority follow-up task for the task's assignee. */
export function taskFollowUp(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Follow up every manual task',
    active: true,
    trigger: { event: 'task.created' },
    conditions: { all: [{ field: 'source', op: 'equals', value: 'manual' }] },
    actions: [{ type: 'create_task', title: 'Follow up: {{title}}', assignee: { rule: 'owner' }, priority: 'high' }],
    ...extra,
  };
}

/** The queue's jobs as the dispatcher made them (pg-boss's table). */
export async function queuedRuns(t: TestApp): Promise<RunJob[]> {
  const rows = await t.sql<{ data: RunJob }>(
    `select data from pgboss.job where name = 'workflow-runs' order by created_on`,
  );
  return rows.map((r) => r.data);
}

/** One dispatcher round and every run it made, worked as the queue's worker works them. */
export async function drainWorkflows(t: TestApp, final = false): Promise<RunJob[]> {
  const jobs = await dispatchOnce(t.orm, workflowConfig(t.deps.config));
  for (const job of jobs) await runJob(t.orm, t.deps.services.workflowRunner, job, { final });
  return jobs;
}

/** A workflow, a run of it (the task it made) and a failed-free history: made through the API and the worker. */
export async function populateWorkflows(t: TestApp, org: Registered): Promise<void> {
  const created = await org.agent.post('/api/workflows').send(taskFollowUp());
  if (created.status !== 201) throw new Error(`workflow fixture: ${created.status} ${JSON.stringify(created.body)}`);
  const task = await org.agent.post('/api/tasks').send({ title: 'Fixture task for the workflow' });
  if (task.status !== 201) throw new Error(`workflow fixture task: ${task.status} ${JSON.stringify(task.body)}`);
  await drainWorkflows(t);
}
