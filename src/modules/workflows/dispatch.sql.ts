import type { EntityManager } from '@mikro-orm/postgresql';

/** The pg-boss queue of workflow runs (created by Migration20261201100000_workflows with its retry policy). */
export const WORKFLOW_QUEUE = 'workflow-runs';

/** One run to do: the job's data. */
export interface RunJob {
  organizationId: string;
  runId: string;
}

/**
 * Makes the runs of committed events not yet dispatched (docs/workflows.md, "Execution"), in plain SQL across
 * organizations like the webhook fan-out (src/events/delivery-queue.ts): the events are locked FOR UPDATE SKIP
 * LOCKED, one run is inserted per event and active workflow whose current version it triggers (unique per version
 * and event: a second dispatcher's insert does nothing), and the events are stamped. Events caused by `maxDepth`
 * nested runs, and events older than the workflow, start nothing. Returns the runs made, for their jobs.
 */
export async function dispatchEvents(em: EntityManager, now: Date, limit: number, maxDepth: number): Promise<RunJob[]> {
  const rows: { id: string; organization_id: string }[] = await em.execute(
    `with ev as (
       select id, organization_id, event, payload, created_at, workflow_depth from outbox_events
       where workflow_dispatched_at is null order by created_at limit ? for update skip locked
     ), ins as (
       insert into workflow_runs (id, created_at, updated_at, organization_id, workflow_id, workflow_version_id, version,
         event_id, trigger_event, trigger_data, status, steps, attempts, depth)
       select gen_random_uuid(), ?, ?, ev.organization_id, w.id, v.id, v.version, ev.id, ev.event,
         coalesce(ev.payload->'data', '{}'::jsonb), 'queued', '[]'::jsonb, 0, ev.workflow_depth
       from ev join workflows w on w.organization_id = ev.organization_id and w.active and w.created_at <= ev.created_at
       join workflow_versions v on v.id = w.current_version_id and v.trigger_event = ev.event
       where ev.workflow_depth < ?
       on conflict (workflow_version_id, event_id, organization_id) do nothing
       returning id, organization_id
     ), stamped as (
       update outbox_events set workflow_dispatched_at = ? where id in (select id from ev)
     )
     select id, organization_id from ins`,
    [limit, now, now, maxDepth, now],
  );
  return rows.map((r) => ({ organizationId: r.organization_id, runId: r.id }));
}

/**
 * Makes the waiting runs whose wait is over queued again, for their jobs (docs/workflows.md, action `wait`): the rows
 * are locked FOR UPDATE SKIP LOCKED and flipped in one statement, so two dispatchers resume each run once. The run
 * goes on on its own version, from the action after its wait.
 */
export async function resumeWaits(em: EntityManager, now: Date, limit: number): Promise<RunJob[]> {
  const rows: { id: string; organization_id: string }[] = await em.execute(
    `update workflow_runs set status = 'queued', updated_at = ? where id in (
       select id from workflow_runs where status = 'waiting' and resume_at <= ?
       order by resume_at limit ? for update skip locked)
     returning id, organization_id`,
    [now, now, limit],
  );
  return rows.map((r) => ({ organizationId: r.organization_id, runId: r.id }));
}
