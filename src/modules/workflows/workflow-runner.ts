import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WorkflowConfig } from './workflow.settings';
import { OutboxEvent } from '../../events/outbox-event.entity';
import { clock } from '../../lib/clock';
import type { AuditService } from '../accounts/audit/audit.service';
import type { NotificationService } from '../accounts/notifications/notification.service';
import { type ActionContext, type ActionDeps, perform } from './actions';
import type { Action } from './definition';
import { groupHolds } from './conditions';
import { SYSTEM_ACTOR } from './system-actor';
import { RECORD_EXTRAS } from './trigger-fields';
import type { RunJob } from './dispatch.sql';
import { type RunStep, WorkflowRun, WorkflowRunStatus } from './workflow-run.entity';
import { Workflow, WorkflowVersion } from './workflow.entity';

const FINISHED = [WorkflowRunStatus.succeeded, WorkflowRunStatus.skipped, WorkflowRunStatus.failed];

/** The fields of the trigger's record its event does not carry (RECORD_EXTRAS), as the record is now; the event's own win. */
export async function recordExtras(
  em: EntityManager,
  event: string,
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const extras = RECORD_EXTRAS[event];
  const id = extras ? data[extras.field] : undefined;
  if (!extras || typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id)) return {};
  const rows: { extra: Record<string, unknown> }[] = await em.execute(extras.sql, [id]);
  const extra = rows[0]?.extra ?? {};
  return Object.fromEntries(Object.entries(extra).filter(([k]) => !(k in data)));
}

/** What a definition does to one event's data (completed with its record's extras, in place), dry or for real. */
export async function runSteps(
  tx: EntityManager,
  deps: ActionDeps,
  w: {
    workflowId: string;
    runId: string;
    version: WorkflowVersion;
    event: string;
    data: Record<string, unknown>;
    at: string;
  },
  dryRun: boolean,
  steps: RunStep[],
): Promise<boolean> {
  const d = w.version.definition;
  Object.assign(w.data, await recordExtras(tx, w.event, w.data));
  const met = groupHolds(d.conditions, w.data);
  steps.push({ index: 0, type: 'conditions', input: { ...(d.conditions ?? {}) }, outcome: met ? 'met' : 'not_met' });
  if (!met) return false;
  const ctx = { tx, organizationId: w.version.organization.id, ...w, dryRun };
  await runActions(d.actions, 'actions', ctx, deps, steps);
  return true;
}

/**
 * Does a list of actions in order, one step each (numbered on from the conditions' 0, with its path). A branch is
 * a step of its own (`met`: its `then` follows, `not_met`: its `else`), its `if` read on the trigger's record.
 */
async function runActions(list: Action[], path: string, ctx: ActionContext, deps: ActionDeps, steps: RunStep[]) {
  for (const [i, action] of list.entries()) {
    const at = `${path}[${i}]`;
    const index = steps.length;
    if (action.type === 'branch') {
      const met = groupHolds(action.if, ctx.data);
      steps.push({ index, path: at, type: action.type, input: { if: action.if }, outcome: met ? 'met' : 'not_met' });
      await runActions((met ? action.then : action.else) ?? [], `${at}.${met ? 'then' : 'else'}`, ctx, deps, steps);
      continue;
    }
    try {
      steps.push({ ...(await perform(action, ctx, deps, index)), path: at });
    } catch (err) {
      steps.push({ index, path: at, type: action.type, input: {}, outcome: 'failed', error: message(err) });
      throw err;
    }
  }
}

/**
 * Works one run (the workflow-runs queue's job), as its organization: row-level security and the tenant filter
 * hold to it. The run row is locked and its actions, their events and its new status commit in one transaction, so
 * a job handed out twice (a retry after a lost acknowledgement, two instances) acts once: the second finds the run
 * finished. A failed attempt is recorded and thrown for pg-boss's retry with backoff; the last one marks the run
 * failed and notifies the workflow's owner.
 */
export class WorkflowRunner {
  constructor(
    private readonly config: WorkflowConfig,
    private readonly deps: ActionDeps & { audit: AuditService; notifications: NotificationService },
  ) {}

  async run(em: EntityManager, job: RunJob, attempt: { final: boolean }): Promise<WorkflowRunStatus | null> {
    const steps: RunStep[] = [];
    let done: { run: WorkflowRun; workflow: Workflow } | null;
    try {
      done = await em.fork().transactional(async (tx) => {
        const run = await tx.findOne(WorkflowRun, { id: job.runId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (!run || FINISHED.includes(run.status)) return null;
        const version = await tx.findOneOrFail(WorkflowVersion, { id: run.workflowVersion.id });
        const workflow = await tx.findOneOrFail(Workflow, { id: run.workflow.id });
        run.attempts += 1;
        if (await this.overCap(tx, job.organizationId)) {
          steps.push({
            index: 0,
            type: 'cap',
            input: { maxRunsPerHour: this.config.maxRunsPerHour },
            outcome: 'not_met',
          });
          return this.finish(run, workflow, WorkflowRunStatus.skipped, steps);
        }
        const data = { ...run.triggerData };
        const acted = await runSteps(
          tx,
          this.deps,
          {
            workflowId: workflow.id,
            runId: run.id,
            version,
            event: run.triggerEvent,
            data,
            at: run.createdAt.toISOString(),
          },
          false,
          steps,
        );
        run.triggerData = data;
        markDepth(tx, run.depth + 1);
        return this.finish(run, workflow, acted ? WorkflowRunStatus.succeeded : WorkflowRunStatus.skipped, steps);
      });
    } catch (err) {
      await this.recordFailure(em, job, steps, err, attempt.final);
      if (!attempt.final) throw err;
      return WorkflowRunStatus.failed;
    }
    if (!done) return null;
    if (done.run.status === WorkflowRunStatus.succeeded) await this.audit(em, done.run, done.workflow, 200);
    return done.run.status;
  }

  private finish(run: WorkflowRun, workflow: Workflow, status: WorkflowRunStatus, steps: RunStep[]) {
    run.status = status;
    run.steps = steps;
    run.error = null;
    run.finishedAt = clock.now();
    return { run, workflow };
  }

  private async overCap(tx: EntityManager, organizationId: string): Promise<boolean> {
    const rows: { n: string }[] = await tx.execute(
      `select count(*) as n from workflow_runs where organization_id = ? and status = 'succeeded' and finished_at > ?`,
      [organizationId, new Date(clock.nowMs() - 3600_000)],
    );
    return Number(rows[0].n) >= this.config.maxRunsPerHour;
  }

  private async recordFailure(em: EntityManager, job: RunJob, steps: RunStep[], err: unknown, final: boolean) {
    await em.fork().transactional(async (tx) => {
      const run = await tx.findOne(WorkflowRun, { id: job.runId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!run || FINISHED.includes(run.status)) return;
      run.attempts += 1;
      run.steps = steps;
      run.error = message(err);
      run.status = final ? WorkflowRunStatus.failed : WorkflowRunStatus.retrying;
      if (!final) return;
      run.finishedAt = clock.now();
      const workflow = await tx.findOneOrFail(Workflow, { id: run.workflow.id });
      const to = await this.deps.notifications.ownerOrAdmins(tx, job.organizationId, workflow.ownerId);
      this.deps.notifications.queue(tx, {
        organizationId: job.organizationId,
        userIds: to,
        kind: 'workflow_failed',
        title: `Workflow "${workflow.name}" failed`,
        body: run.error,
        link: `/api/workflows/${workflow.id}/runs?status=failed`,
      });
      await this.audit(tx, run, workflow, 500);
    });
  }

  /** One entry per finished run in the audit log: the system actor, the organization, the run. */
  private audit(em: EntityManager, run: WorkflowRun, workflow: Workflow, status: number): Promise<void> {
    const actions = run.steps.filter((s) => s.index > 0).map((s) => s.type);
    return this.deps.audit.record(em, {
      actorUserId: SYSTEM_ACTOR.id,
      actorEmail: SYSTEM_ACTOR.email,
      targetOrganizationId: run.organization.id,
      action: `workflow "${workflow.name}" v${run.version}: ${actions.join(', ') || 'no action'}`,
      operation: 'workflowRun',
      path: `/api/workflows/${workflow.id}/runs`,
      recordId: run.id,
      status,
    });
  }
}

/** The events this run's writes emitted carry its depth + 1 (the loop guard, WORKFLOW_MAX_DEPTH). */
function markDepth(tx: EntityManager, depth: number): void {
  const uow = tx.getUnitOfWork();
  for (const e of [...uow.getPersistStack(), ...uow.getIdentityMap()])
    if (e instanceof OutboxEvent && e.workflowDepth === 0) e.workflowDepth = depth;
}

function message(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, 1000);
}
