import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventKind } from '../../events/event-kinds';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { ActionDeps } from './actions';
import { groupHolds } from './conditions';
import { checkValueOf } from './definition';
import { TRIGGER_FIELDS } from './trigger-fields';
import type { RunStep } from './workflow-run.entity';
import { runSteps } from './workflow-runner';
import type { WorkflowService } from './workflow.service';
import type { WorkflowSimulation, WorkflowTestInput, WorkflowTestResult } from './workflow.types';
import { WorkflowVersion } from './workflow.entity';

const SIMULATED_DAYS = 30;
const SIMULATED_EVENTS = 20_000;

/** Trying a workflow before it goes live (docs/workflows.md, "Test and simulate"): nothing is written. */
export class WorkflowTrialService {
  constructor(
    private readonly workflows: WorkflowService,
    private readonly deps: ActionDeps,
  ) {}

  /** Runs the current version on one record, dry: each step says what it would do. */
  async test(em: EntityManager, id: string, input: WorkflowTestInput): Promise<WorkflowTestResult> {
    const w = await this.workflows.get(em, id);
    const event = w.triggerEvent as EventKind;
    if (input.eventId && input.data)
      throw AppError.validation([{ field: 'data', message: 'send eventId or data, not both' }]);
    const record = input.eventId
      ? await this.workflows.event(em, input.eventId, event)
      : { data: checkedData(event, input.data ?? {}), at: clock.now().toISOString() };
    const version = await em.findOneOrFail(WorkflowVersion, { id: w.currentVersionId ?? '' });
    const steps: RunStep[] = [];
    let met: boolean;
    try {
      met = await runSteps(
        em,
        this.deps,
        { workflowId: w.id, runId: '00000000-0000-0000-0000-000000000000', version, event, ...record },
        true,
        steps,
      );
    } catch {
      met = true; // the failed step says why
    }
    return { event, data: record.data, conditionsMet: met, steps };
  }

  /** Replays the organization's events of the last 30 days through the current version's conditions, per day. */
  async simulate(em: EntityManager, organizationId: string, id: string): Promise<WorkflowSimulation> {
    const w = await this.workflows.get(em, id);
    const to = clock.now();
    const from = new Date(to.getTime() - SIMULATED_DAYS * 86_400_000);
    const rows: { data: Record<string, unknown> | null; day: string }[] = await em.execute(
      `select payload->'data' as data, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day from outbox_events
       where organization_id = ? and event = ? and created_at >= ? and created_at <= ? order by created_at limit ?`,
      [organizationId, w.triggerEvent, from, to, SIMULATED_EVENTS],
    );
    const days = new Map<string, { date: string; events: number; runs: number; actions: Record<string, number> }>();
    const total: Record<string, number> = {};
    let runs = 0;
    for (const r of rows) {
      const day = days.get(r.day) ?? { date: r.day, events: 0, runs: 0, actions: {} };
      days.set(r.day, day);
      day.events += 1;
      if (!groupHolds(w.definition.conditions, r.data ?? {})) continue;
      day.runs += 1;
      runs += 1;
      for (const a of w.definition.actions) {
        day.actions[a.type] = (day.actions[a.type] ?? 0) + 1;
        total[a.type] = (total[a.type] ?? 0) + 1;
      }
    }
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      events: rows.length,
      runs,
      actions: total,
      days: [...days.values()],
    };
  }
}

/** A test record's fields, checked against the trigger's record like a definition's values. */
function checkedData(event: EventKind, data: Record<string, unknown>): Record<string, unknown> {
  const fields = TRIGGER_FIELDS[event];
  const errors = Object.entries(data).flatMap(([k, v]) => {
    if (!fields[k]) return [{ field: `data.${k}`, message: `unknown field of ${event}` }];
    return v === null ? [] : checkValueOf(fields[k], v, `data.${k}`);
  });
  if (errors.length) throw AppError.validation(errors.slice(0, 50));
  return data;
}
