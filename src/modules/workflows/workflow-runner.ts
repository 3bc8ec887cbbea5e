import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WorkflowConfig } from './workflow.settings';
import { OutboxEvent } from '../../events/outbox-event.entity';
import { clock } from '../../lib/clock';
import type { AuditService } from '../accounts/audit/audit.service';
import type { NotificationService } from '../accounts/notifications/notification.service';
import { type ActionContext, type ActionDeps, perform } from './actions';
import { type Action, waitEnds } from './definition';
import { currentRecord } from './current-record';
import { groupHolds } from './conditions';
import { SYSTEM_ACTOR } from './system-actor';
import { RECORD_EXTRAS } from './trigger-fields';
import type { RunJob } from './dispatch.sql';
import { type RunStep, WorkflowRun, WorkflowRunStatus } from './workflow-run.entity';
import { Workflow, WorkflowVersion } from './workflow.entity';

const FINISHED = [
  WorkflowRunStatus.succeeded,
  WorkflowRunStatus.skipped,
  WorkflowRunStatus.failed,
  WorkflowRunStatus.stopped,
];
/** Not for a job now: finished, or waiting (only the dispatcher, at resumeAt, makes it queued again). */
const NOT_DUE = [...FINISHED, WorkflowRunStatus.waiting];

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

/** Where a run waits: when it resumes, and at which top-level action. */
export interface Wait {
  resumeAt: Date;
  from: number;
}

/**
 * What a definition does to one event's data (completed with its record's extras, in place), dry or for real: false
 * when its conditions do not hold, a Wait when it stopped at a wait action, else true. `resume`: a run that waited,
 * continued at action `from` after its conditions are checked again on the record as it is now (currentRecord).
 */
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
  resume?: { from: number },
): Promise<boolean | Wait> {
  const d = w.version.definition;
  const now = resume
    ? await currentRecord(tx, w.event, w.data)
    : { ...w.data, ...(await recordExtras(tx, w.event, w.data)) };
  if (now) Object.assign(w.data, now);
  const met = now !== null && groupHolds(d.conditions, w.data);
  steps.push({
    index: steps.length,
    ...(resume ? { path: `actions[${resume.from - 1}]` } : {}),
    type: 'conditions',
    input: { ...(d.conditions ?? {}), ...(now ? {} : { recordGone: true }) },
    outcome: met ? 'met' : 'not_met',
  });
  if (!met) return false;
  const ctx = { tx, organizationId: w.version.organization.id, ...w, dryRun };
  return (await runActions(d.actions, 'actions', ctx, deps, steps, resume?.from ?? 0)) ?? true;
}

/**
 * Does a list of actions in order from `from`, one step each (numbered on from the conditions' 0, with its path). A
 * branch is a step of its own (`met`: its `then` follows, `not_met`: its `else`), its `if` read on the trigger's
 * record. A wait (top level only) ends the list for now and says where to resume; a dry run plans it and goes on.
 */
async function runActions(
  list: Action[],
  path: string,
  ctx: ActionContext,
  deps: ActionDeps,
  steps: RunStep[],
  from = 0,
): Promise<Wait | undefined> {
  for (const [i, action] of list.entries()) {
    if (i < from) continue;
    const at = `${path}[${i}]`;
    const index = steps.length;
    if (action.type === 'wait') {
      const resumeAt = waitEnds(action, clock.now());
      const length = action.hours !== undefined ? { hours: action.hours } : { days: action.days };
      const input = { ...length, resumeAt: resumeAt.toISOString() };
      steps.push({ index, path: at, type: action.type, input, outcome: ctx.dryRun ? 'planned' : 'done' });
      if (!ctx.dryRun) return { resumeAt, from: i + 1 };
      continue;
    }
    if (action.type === 'branch') {
      const met = groupHolds(action.if, ctx.data);
      steps.push({ index, path: at, type: action.type, input: { if: action.if }, outcome: met ? 'met' : 'not_met' });
      await runActions((met ? action.then : action.else) ?? [], `${at}.${met ? 'then' : 'else'}`, ctx, deps, steps);
      continue;
    }
    try {
      steps.push({ ...(await perform(action, ctx, deps, index, at)), path: at });
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
        if (!run || NOT_DUE.includes(run.status)) return null;
        const version = await tx.findOneOrFail(WorkflowVersion, { id: run.workflowVersion.id });
        const workflow = await tx.findOneOrFail(Workflow, { id: run.workflow.id });
        run.attempts += 1;
        const resume = run.resumeFrom === null ? undefined : { from: run.resumeFrom };
        // a resumed run keeps the steps up to its wait (a failed attempt after it recorded more)
        if (resume) steps.push(...stepsBefore(run.steps, resume.from));
        if (resume && !workflow.active) {
          steps.push({ index: steps.length, type: 'inactive', input: {}, outcome: 'not_met' });
          return this.finish(run, workflow, WorkflowRunStatus.stopped, steps);
        }
        if (!resume && (await this.overCap(tx, job.organizationId))) {
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
          resume,
        );
        run.triggerData = data;
        markDepth(tx, run.depth + 1);
        if (typeof acted === 'object') {
          Object.assign(run, { status: WorkflowRunStatus.waiting, steps, error: null });
          Object.assign(run, { resumeAt: acted.resumeAt, resumeFrom: acted.from });
          return { run, workflow };
        }
        const status = acted
          ? WorkflowRunStatus.succeeded
          : resume
            ? WorkflowRunStatus.stopped
            : WorkflowRunStatus.skipped;
        return this.finish(run, workflow, status, steps);
      });
    } catch (err) {
      await this.recordFailure(em, job, steps, err, attempt.final);
      if (!attempt.final) throw err;
      return WorkflowRunStatus.failed;
    }
    if (!done) return null;
    if (wrote(done.run)) await this.audit(em, done.run, done.workflow, 200);
    return done.run.status;
  }

  private finish(run: WorkflowRun, workflow: Workflow, status: WorkflowRunStatus, steps: RunStep[]) {
    run.status = status;
    run.steps = steps;
    run.error = null;
    run.finishedAt = clock.now();
    run.resumeAt = null;
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
      if (!run || NOT_DUE.includes(run.status)) return;
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

/** A finished run that did something: succeeded, or stopped after a wait with actions done before it. */
function wrote(run: WorkflowRun): boolean {
  if (run.status === WorkflowRunStatus.succeeded) return true;
  return run.status === WorkflowRunStatus.stopped && run.steps.some((s) => s.outcome === 'done' && s.type !== 'wait');
}

/** A resumed run's steps up to and with the wait it resumes after (the wait at top-level action `from - 1`). */
function stepsBefore(steps: RunStep[], from: number): RunStep[] {
  const wait = steps.findIndex((s) => s.type === 'wait' && s.path === `actions[${from - 1}]`);
  return steps.slice(0, wait + 1);
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
