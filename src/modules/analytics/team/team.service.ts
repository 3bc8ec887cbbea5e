import { localDay, pct, ReportScope, runWindow, totalOf, windowOf, within } from '../shared/report-sql';
import { compareNumber, NumberComparison, RangeArgs } from '../shared/report.types';
import type { ReportWindow } from '../shared/report-window';
import type {
  ActivityReport,
  ActivityReportRow,
  AiTaskAcceptance,
  AiTaskRow,
  TaskActivityReport,
  TaskActivityRow,
} from './team.types';
import { activitySql, activityTotalSql } from './activity.service';

const end = (day: string) => `(:${day}::date + 1)::timestamp at time zone :tz`;
/** Open at the end of local day `day` and due before it (deleted tasks are gone and do not count). */
export const overdueAt = (day: string) =>
  `t.due_date < :${day}::date and t.created_at < ${end(day)} and (t.completed_at is null or t.completed_at >= ${end(day)})`;

/** Created and completed tasks of the two ranges, by assignee. */
const TASK_FACTS = `
  select t.assignee_id as user_id, ${localDay('t.created_at', 'timestamp')} as day, 1 as created, 0 as completed, 0 as on_time, 0 as overdue, 0 as overdue_p
    from tasks t where t.organization_id = :org and ${within('t.created_at', 'timestamp')}
  union all
  select t.assignee_id, ${localDay('t.completed_at', 'timestamp')}, 0, 1, (t.due_date is null or ${localDay('t.completed_at', 'timestamp')} <= t.due_date)::int, 0, 0
    from tasks t where t.organization_id = :org and t.status = 'completed' and ${within('t.completed_at', 'timestamp')}
  union all
  select t.assignee_id, null, 0, 0, 0, (${overdueAt('end')})::int, (${overdueAt('pend')})::int
    from tasks t where t.organization_id = :org and t.due_date < :end::date and (t.completed_at is null or t.completed_at >= ${end('pend')})`;

/**
 * AI-generated tasks, from the event log: the tasks table deletes a task outright, but its task.created
 * event (outbox_events, kept as the event log) still says it was generated. Completed = accepted,
 * deleted = rejected, open = not decided yet.
 */
const AI_TASKS = `
  select coalesce(e.payload->'data'->>'source', 'unknown') as source, ${localDay('e.created_at', 'timestamp')} as day, t.id as task_id, t.status
    from outbox_events e left join tasks t on t.id = (e.payload->'data'->>'id')::uuid and t.organization_id = :org
   where e.organization_id = :org and e.event = 'task.created' and (e.payload->'data'->>'isAiGenerated')::boolean and ${within('e.created_at', 'timestamp')}`;

/** Team activity (docs/analytics.md, part 5): activities and tasks by user, AI task acceptance. */
export class TeamReports {
  async activities(scope: ReportScope, args: RangeArgs): Promise<ActivityReport> {
    const w = windowOf(scope, args);
    const rows = await runWindow<ActivityReportRow>(scope, w, activitySql());
    const sum = (key: 'count' | 'previousCount') => rows.reduce((n, r) => n + r[key], 0);
    return { range: w, rows, total: compareNumber(sum('count'), sum('previousCount')) };
  }

  /** All activities of the range against the previous one (the dashboard's figure; one index range read). */
  async activityTotal(scope: ReportScope, args: RangeArgs) {
    const w = windowOf(scope, args);
    const [row] = await runWindow<{ current: number; previous: number }>(scope, w, activityTotalSql());
    return compareNumber(row?.current ?? 0, row?.previous ?? 0);
  }

  /** Open tasks past their due date at the end of the window and of the previous range (the tasks report's `overdue`). */
  async overdueTasks(scope: ReportScope, w: ReportWindow): Promise<NumberComparison> {
    const [r] = await runWindow<{ cur: number; prev: number }>(
      scope,
      w,
      `select (count(*) filter (where ${overdueAt('end')}))::int as cur, (count(*) filter (where ${overdueAt('pend')}))::int as prev
         from tasks t where t.organization_id = :org and t.due_date < :end::date and (t.completed_at is null or t.completed_at >= ${end('pend')})`,
    );
    return compareNumber(r.cur, r.prev);
  }

  async tasks(scope: ReportScope, args: RangeArgs): Promise<TaskActivityReport> {
    const w = windowOf(scope, args);
    const cur = `f.day >= :start::date`;
    const prev = `f.day < :start::date`;
    const rows = await runWindow<
      TaskActivityRow & { total: boolean; created_p: number; completed_p: number; overdue_p: number }
    >(
      scope,
      w,
      `with f as (${TASK_FACTS}), per as (
         select f.user_id, (sum(f.created) filter (where ${cur}))::int as created, (sum(f.completed) filter (where ${cur}))::int as completed,
                (sum(f.on_time) filter (where ${cur}))::int as on_time, (sum(f.created) filter (where ${prev}))::int as created_p,
                (sum(f.completed) filter (where ${prev}))::int as completed_p, sum(f.overdue)::int as overdue, sum(f.overdue_p)::int as overdue_p
           from f group by f.user_id)
       select p.user_id as "userId", coalesce(min(u.first_name || ' ' || u.last_name), case when grouping(p.user_id) = 1 then 'All users' else 'Unassigned' end) as name,
              grouping(p.user_id) = 1 as total, coalesce(sum(p.created), 0)::int as created, coalesce(sum(p.completed), 0)::int as completed,
              coalesce(sum(p.on_time), 0)::int as "completedOnTime", coalesce(sum(p.overdue), 0)::int as overdue,
              coalesce(sum(p.created_p), 0)::int as created_p, coalesce(sum(p.completed_p), 0)::int as completed_p, coalesce(sum(p.overdue_p), 0)::int as overdue_p
         from per p left join users u on u.id = p.user_id
        group by grouping sets ((p.user_id), ())
       having grouping(p.user_id) = 1 or coalesce(sum(p.created), 0) + coalesce(sum(p.completed), 0) + coalesce(sum(p.overdue), 0) > 0
        order by grouping(p.user_id), 2, 1`,
    );
    const t = totalOf(rows);
    return {
      range: w,
      rows: rows
        .filter((r) => !r.total)
        .map(({ userId, name, created, completed, completedOnTime, overdue }) => ({
          userId,
          name,
          created,
          completed,
          completedOnTime,
          overdue,
        })),
      totals: {
        created: compareNumber(t.created, t.created_p),
        completed: compareNumber(t.completed, t.completed_p),
        overdue: compareNumber(t.overdue, t.overdue_p),
      },
    };
  }

  async aiAcceptance(scope: ReportScope, args: RangeArgs): Promise<AiTaskAcceptance> {
    const w = windowOf(scope, args);
    const n = (cond: string) => `count(*) filter (where a.day >= :start::date and ${cond})`;
    const rows = await runWindow<AiTaskRow & { total: boolean; previous_rate: number | null }>(
      scope,
      w,
      `select coalesce(a.source, 'All sources') as source, grouping(a.source) = 1 as total, ${n('true')}::int as generated,
              ${n(`a.status = 'completed'`)}::int as completed, ${n(`a.status = 'open'`)}::int as open, ${n('a.task_id is null')}::int as deleted,
              ${pct(n(`a.status = 'completed'`), `${n(`a.status = 'completed'`)} + ${n('a.task_id is null')}`)} as "acceptanceRate",
              ${pct(`count(*) filter (where a.day < :start::date and a.status = 'completed')`, `count(*) filter (where a.day < :start::date and (a.status = 'completed' or a.task_id is null))`)} as previous_rate
         from (${AI_TASKS}) a
        group by grouping sets ((a.source), ()) having grouping(a.source) = 1 or ${n('true')} > 0
        order by grouping(a.source), ${n('true')} desc, 1`,
    );
    const strip = ({
      total: _t,
      previous_rate: _p,
      ...r
    }: AiTaskRow & { total: boolean; previous_rate: number | null }): AiTaskRow => r;
    const t = totalOf(rows);
    return {
      range: w,
      rows: rows.filter((r) => !r.total).map(strip),
      totals: strip(t),
      previousAcceptanceRate: t.previous_rate,
    };
  }
}
