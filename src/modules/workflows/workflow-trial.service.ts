import type { EntityManager } from '@mikro-orm/postgresql';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { ActionDeps } from './actions';
import { actionsTaken, groupHolds } from './conditions';
import { checkValueOf, type Trigger } from './definition';
import { triggerRecord } from './trigger-fields';
import { dueRecords } from './time-sweep';
import { organizationToday } from '../../db/organization-day';
import { addDays } from '../../lib/calendar-days';
import type { RunStep } from './workflow-run.entity';
import { recordExtras, relationValues, runSteps } from './workflow-runner';
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
    const event = w.triggerEvent;
    if (input.eventId && input.data)
      throw AppError.validation([{ field: 'data', message: 'send eventId or data, not both' }]);
    const record = input.eventId
      ? await this.workflows.event(em, input.eventId, event)
      : { data: checkedData(event, input.data ?? {}), at: clock.now().toISOString() };
    const version = await em.findOneOrFail(WorkflowVersion, { id: w.currentVersionId ?? '' });
    const steps: RunStep[] = [];
    let met: boolean;
    try {
      met =
        (await runSteps(
          em,
          this.deps,
          { workflowId: w.id, runId: '00000000-0000-0000-0000-000000000000', version, event, ...record },
          true,
          steps,
        )) !== false;
    } catch {
      met = true; // the failed step says why
    }
    return { event, data: record.data, conditionsMet: met, steps };
  }

  private timeRecords(em: EntityManager, organizationId: string, trigger: Trigger, now: Date) {
    return timeRecordsOf(em, organizationId, trigger, now);
  }

  /** Replays the organization's events of the last 30 days through the current version's conditions, per day. */
  async simulate(em: EntityManager, organizationId: string, id: string): Promise<WorkflowSimulation> {
    const w = await this.workflows.get(em, id);
    const to = clock.now();
    const from = new Date(to.getTime() - SIMULATED_DAYS * 86_400_000);
    const trigger = w.definition.trigger;
    const version = await em.findOneOrFail(WorkflowVersion, { id: w.currentVersionId ?? '' });
    const rows: { data: Record<string, unknown> | null; day: string }[] =
      'event' in trigger
        ? await em.execute(
            `select payload->'data' as data, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day from outbox_events
             where organization_id = ? and event = ? and created_at >= ? and created_at <= ? order by created_at limit ?`,
            [organizationId, w.triggerEvent, from, to, SIMULATED_EVENTS],
          )
        : await this.timeRecords(em, organizationId, trigger, to);
    const days = new Map<string, { date: string; events: number; runs: number; actions: Record<string, number> }>();
    const total: Record<string, number> = {};
    let runs = 0;
    for (const r of rows) {
      const day = days.get(r.day) ?? { date: r.day, events: 0, runs: 0, actions: {} };
      days.set(r.day, day);
      day.events += 1;
      const data = { ...r.data };
      Object.assign(data, await recordExtras(em, w.triggerEvent, data));
      Object.assign(data, await relationValues(em, version, w.triggerEvent, data));
      if (!groupHolds(w.definition.conditions, data)) continue;
      day.runs += 1;
      runs += 1;
      for (const type of actionsTaken(w.definition.actions, data)) {
        day.actions[type] = (day.actions[type] ?? 0) + 1;
        total[type] = (total[type] ?? 0) + 1;
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

/** What a date or schedule trigger was due for on each of the last 30 days (the records as they are now). */
async function timeRecordsOf(
  em: EntityManager,
  organizationId: string,
  trigger: Trigger,
  now: Date,
): Promise<{ data: Record<string, unknown>; day: string }[]> {
  const today = await organizationToday(em, organizationId, now);
  const out: { data: Record<string, unknown>; day: string }[] = [];
  for (let i = SIMULATED_DAYS - 1; i >= 0; i--) {
    const day = addDays(today, -i);
    for (const r of await dueRecords(em, organizationId, trigger, day, 23, 0)) out.push({ data: r.data, day });
  }
  return out;
}

/** A test record's fields, checked against the trigger's record like a definition's values. */
function checkedData(event: string, data: Record<string, unknown>): Record<string, unknown> {
  const fields = triggerRecord(event)?.fields ?? {};
  const errors = Object.entries(data).flatMap(([k, v]) => {
    if (!fields[k]) return [{ field: `data.${k}`, message: `unknown field of ${event}` }];
    return v === null ? [] : checkValueOf(fields[k], v, `data.${k}`);
  });
  if (errors.length) throw AppError.validation(errors.slice(0, 50));
  return data;
}
