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
import { RECORD_EXTRAS, triggerRecord } from './trigger-fields';
import { relatedValues } from './relations';
import { relationPaths } from './definition';
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

/** The values of the relation paths a version's conditions name (`company.industry`), as the records are now. */
export function relationValues(
  em: EntityManager,
  version: WorkflowVersion,
  event: string,
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const paths = relationPaths(version.definition);
  if (paths.length === 0) return Promise.resolve({});
  const fields = triggerRecord(event)?.fields ?? {};
  return relatedValues(em, version.organization.id, fields, data, paths);
}

/** Where a run waits: when it resumes, and the path of the wait it resumes after (`actions[1].then[0]`). */
export interface Wait {
  resumeAt: Date;
  path: string;
}

/** A wait's path as the steps from the top-level list down to it: `actions[1].then[0]` → [actions 1, then 0]. */
type Position = { side: string; i: number }[];
function positionOf(path: string): Position {
  return [...path.matchAll(/(\w+)\[(\d+)\]/g)].map((m) => ({ side: m[1], i: Number(m[2]) }));
}

/**
 * What a definition does to one event's data (completed with its record's extras, in place), dry or for real: false
 * when its conditions do not hold, a Wait when it stopped at a wait action, else true. `resume`: a run that waited,
 * continued after the wait at path `after` (top level or inside branches) once its conditions are checked again on
 * the record as it is now (currentRecord).
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
  resume?: { after: string },
): Promise<boolean | Wait> {
  const d = w.version.definition;
  const now = resume
    ? await currentRecord(tx, w.event, w.data)
    : { ...w.data, ...(await recordExtras(tx, w.event, w.data)) };
  if (now) Object.assign(w.data, now, await relationValues(tx, w.version, w.event, now));
  const met = now !== null && groupHolds(d.conditions, w.data);
  steps.push({
    index: steps.length,
    ...(resume ? { path: resume.after } : {}),
    type: 'conditions',
    input: { ...(d.conditions ?? {}), ...(now ? {} : { recordGone: true }) },
    outcome: met ? 'met' : 'not_met',
  });
  if (!met) return false;
  const ctx = { tx, organizationId: w.version.organization.id, ...w, dryRun };
  const from = resume ? positionOf(resume.after) : undefined;
  return (await runActions(d.actions, 'actions', ctx, deps, steps, from)) ?? true;
}

/**
 * Does a list of actions in order, one step each (numbered on from the conditions' 0, with its path). A branch is a
 * step of its own (`met`: its `then` follows, `not_met`: its `else`), its `if` read on the trigger's record. A wait
 * (at any level) ends the run's actions for now and says where to resume; a dry run plans it and goes on. `from`: a
 * resumed run's wait position; the actions before it are skipped, and the branches it lies in are entered on the side
 * they took before the wait, without their `if` read again (their steps are the run's already).
 */
async function runActions(
  list: Action[],
  path: string,
  ctx: ActionContext,
  deps: ActionDeps,
  steps: RunStep[],
  from?: Position,
): Promise<Wait | undefined> {
  for (const [i, action] of list.entries()) {
    const at = `${path}[${i}]`;
    if (from && i < from[0].i) continue;
    if (from && i === from[0].i) {
      const inner = from.slice(1);
      if (inner.length && action.type === 'branch') {
        const side = inner[0].side === 'else' ? 'else' : 'then';
        const wait = await runActions(action[side] ?? [], `${at}.${side}`, ctx, deps, steps, inner);
        if (wait) return wait;
      }
      continue;
    }
    const index = steps.length;
    if (action.type === 'wait') {
      const resumeAt = waitEnds(action, clock.now());
      const length = action.hours !== undefined ? { hours: action.hours } : { days: action.days };
      const input = { ...length, resumeAt: resumeAt.toISOString() };
      steps.push({ index, path: at, type: action.type, input, outcome: ctx.dryRun ? 'planned' : 'done' });
      if (!ctx.dryRun) return { resumeAt, path: at };
      continue;
    }
    if (action.type === 'branch') {
      const met = groupHolds(action.if, ctx.data);
      steps.push({ index, path: at, type: action.type, input: { if: action.if }, outcome: met ? 'met' : 'not_met' });
      const side = met ? 'then' : 'else';
      const wait = await runActions(action[side] ?? [], `${at}.${side}`, ctx, deps, steps);
      if (wait) return wait;
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
        const resume = run.resumeFrom === null ? undefined : { after: waitPath(run) };
        // a resumed run keeps the steps up to its wait (a failed attempt after it recorded more)
        if (resume) steps.push(...stepsBefore(run.steps, resume.after));
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
          Object.assign(run, { resumeAt: acted.resumeAt, resumeFrom: positionOf(acted.path)[0].i + 1 });
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

/**
 * The path of the wait a run resumes after: its last wait step done (the steps are written with the waiting status,
 * in the same transaction); a run that waited before waits could be in branches has none but `resumeFrom`.
 */
function waitPath(run: WorkflowRun): string {
  const waits = run.steps.filter((s) => s.type === 'wait' && s.outcome === 'done' && s.path);
  return waits.length ? (waits[waits.length - 1].path as string) : `actions[${(run.resumeFrom ?? 1) - 1}]`;
}

/** A resumed run's steps up to and with the wait it resumes after. */
function stepsBefore(steps: RunStep[], after: string): RunStep[] {
  const wait = steps.map((s) => s.type === 'wait' && s.path === after).lastIndexOf(true);
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
