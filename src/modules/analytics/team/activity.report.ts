/**
 * SEAM (docs/analytics.md, "Activities"): the activities report, written against the table the
 * communications module is building (activities: contact, type call|email|sms|meeting, direction
 * inbound|outbound, occurred_at, source, author). It is NOT part of the module yet: the table does not
 * exist on this branch. When it lands:
 *   1. check the column names in ACTIVITY_COLUMNS against its migration;
 *   2. add a GraphQL type and a resolver field `activityReport` calling ActivityReports.byTypeDirectionUser,
 *      and a row in analytics.reports.ts (/api/analytics/activities) with its CSV columns and chart;
 *   3. add the index `activities (organization_id, occurred_at)` to the analytics migration's successor.
 * test/analytics-team.test.ts runs this SQL against a table of that shape made in the test database, and
 * bench/analytics.bench.ts seeds and times it whenever the table exists.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { localDay, ReportScope, runWindow, windowOf, within } from '../shared/report-sql';
import type { RangeArgs } from '../shared/report.types';
import type { ReportRange } from '../shared/report.types';

export const ACTIVITY_COLUMNS = {
  table: 'activities',
  occurredAt: 'occurred_at',
  type: 'type',
  direction: 'direction',
  user: 'author_id',
} as const;

export interface ActivityRow {
  userId: string | null;
  name: string;
  type: string;
  direction: string;
  count: number;
  previousCount: number;
}

export interface ActivityReport {
  range: ReportRange;
  rows: ActivityRow[];
}

/** Whether the activities table exists in this database (the seam's switch). */
export async function activitiesTableExists(em: EntityManager): Promise<boolean> {
  const [row] = await em
    .getConnection()
    .execute<{ t: string | null }[]>(`select to_regclass(?) as t`, [ACTIVITY_COLUMNS.table]);
  return row?.t !== null && row?.t !== undefined;
}

/** The one statement: activities of the two ranges counted by user, type and direction. */
export function activitySql(): string {
  const c = ACTIVITY_COLUMNS;
  return `
    select a.${c.user} as "userId", coalesce(min(u.first_name || ' ' || u.last_name), 'Unassigned') as name, a.${c.type}::text as type, a.${c.direction}::text as direction,
           (count(*) filter (where ${localDay(`a.${c.occurredAt}`, 'timestamp')} >= :start::date))::int as count,
           (count(*) filter (where ${localDay(`a.${c.occurredAt}`, 'timestamp')} < :start::date))::int as "previousCount"
      from ${c.table} a left join users u on u.id = a.${c.user}
     where a.organization_id = :org and ${within(`a.${c.occurredAt}`, 'timestamp')}
     group by a.${c.user}, a.${c.type}, a.${c.direction}
     order by 2, 3, 4`;
}

export class ActivityReports {
  async byTypeDirectionUser(scope: ReportScope, args: RangeArgs): Promise<ActivityReport> {
    const w = windowOf(scope, args);
    return { range: w, rows: await runWindow<ActivityRow>(scope, w, activitySql()) };
  }
}
