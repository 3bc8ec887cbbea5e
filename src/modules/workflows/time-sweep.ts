import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { organizationTimezone } from '../../db/organization-day';
import { addDays, localDate } from '../../lib/calendar-days';
import type { Trigger } from './definition';
import type { RunJob } from './dispatch.sql';
import { CATCH_UP_DAYS, DATE_TRIGGER_KINDS, DATE_TRIGGERS, SCHEDULE } from './time-triggers';

interface Due {
  id: string;
  organization_id: string;
  definition: { trigger: Trigger };
  version_id: string;
  version: number;
  trigger_event: string;
}

/** A run key for a time trigger: the same record and date (or schedule day) give the same key, so one run. */
function runKey(workflowId: string, what: string): string {
  const h = createHash('md5').update(`${workflowId}:${what}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** The hour (0-23) at `now` in a timezone. */
function localHour(timezone: string, now: Date): number {
  return Number(
    new Intl.DateTimeFormat('en-US', { timeZone: timezone, hour: 'numeric', hourCycle: 'h23' }).format(now),
  );
}

/** ISO weekday of a day: 1 Monday ... 7 Sunday. */
export function weekday(day: string): number {
  return ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

/**
 * The records a time trigger is due for on `today` (the organization's day): those whose date + offset fell on
 * today or the CATCH_UP_DAYS before it. For a schedule: today, once its hour has come on one of its weekdays.
 */
export async function dueRecords(
  em: EntityManager,
  organizationId: string,
  trigger: Trigger,
  today: string,
  hour: number,
  catchUp = CATCH_UP_DAYS,
): Promise<{ key: string; data: Record<string, unknown> }[]> {
  if ('schedule' in trigger) {
    const s = trigger.schedule;
    const on = !s.weekdays || s.weekdays.includes(weekday(today));
    return on && hour >= s.atHour ? [{ key: `schedule:${today}`, data: { date: today, weekday: weekday(today) } }] : [];
  }
  if (!('date' in trigger)) return [];
  const to = addDays(today, -trigger.offsetDays);
  const rows: { id: string; day: string; data: Record<string, unknown> }[] = await em.execute(
    DATE_TRIGGERS[trigger.date].sql,
    [organizationId, addDays(to, -catchUp), to],
  );
  // in the records' key order: the statement has none, and a run's place (a round robin's turn, the demo's ids)
  // must not depend on the plan the server picked
  return rows
    .map((r) => ({ key: `${r.id}:${r.day}`, data: r.data }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * One round of the time triggers (docs/workflows.md, "Time triggers"), across organizations like the dispatcher:
 * for each active workflow with a date or schedule trigger, a run per due record that has none yet (the key is the
 * workflow, the record and its date: a later version does not run it again; the unique (version, key) holds two
 * sweeps to one). Returns the runs made, for their jobs.
 */
export async function sweepTimeTriggers(em: EntityManager, now: Date): Promise<RunJob[]> {
  const due: Due[] = await em.execute(
    `select w.id, w.organization_id, w.definition, w.trigger_event, v.id as version_id, v.version
     from workflows w join workflow_versions v on v.id = w.current_version_id
     where w.active and w.trigger_event in (?)`,
    [[...DATE_TRIGGER_KINDS, SCHEDULE]],
  );
  const made: RunJob[] = [];
  for (const w of due) {
    const tz = await organizationTimezone(em, w.organization_id);
    const records = await dueRecords(
      em,
      w.organization_id,
      w.definition.trigger,
      localDate(tz, now),
      localHour(tz, now),
    );
    if (!records.length) continue;
    const rows = records.map((r) => ({ key: runKey(w.id, r.key), data: r.data }));
    const inserted: { id: string }[] = await em.execute(
      `insert into workflow_runs (id, created_at, updated_at, organization_id, workflow_id, workflow_version_id, version,
         event_id, trigger_event, trigger_data, status, steps, attempts, depth)
       select gen_random_uuid(), ?, ?, ?, ?, ?, ?, (x->>'key')::uuid, ?, x->'data', 'queued', '[]'::jsonb, 0, 0
       from jsonb_array_elements(?::jsonb) x
       where not exists (select 1 from workflow_runs r where r.workflow_id = ? and r.event_id = (x->>'key')::uuid)
       on conflict (workflow_version_id, event_id, organization_id) do nothing
       returning id`,
      [now, now, w.organization_id, w.id, w.version_id, w.version, w.trigger_event, JSON.stringify(rows), w.id],
    );
    for (const r of inserted) made.push({ organizationId: w.organization_id, runId: r.id });
  }
  return made;
}
