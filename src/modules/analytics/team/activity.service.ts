import { localDay, within } from '../shared/report-sql';

/**
 * The activities report's one statement (docs/analytics.md, "Activities"): the activities (communications module)
 * of the range and of the previous one, counted by author, type and direction, on the organization's local days.
 * It reads `activities (organization_id, occurred_at)` (index activities_organization_id_occurred_at_index).
 */
/** The dashboard's figure: only the two counts, from the index on (organization_id, occurred_at). */
export function activityTotalSql(): string {
  return `
    select (count(*) filter (where a.occurred_at >= (:start::date)::timestamp at time zone :tz))::int as current,
           (count(*) filter (where a.occurred_at < (:start::date)::timestamp at time zone :tz))::int as previous
      from activities a
     where a.organization_id = :org and ${within('a.occurred_at', 'timestamp')}`;
}

export function activitySql(): string {
  return `
    select a.author_id as "userId", coalesce(min(u.first_name || ' ' || u.last_name), 'Unassigned') as name, a.type::text as type, a.direction::text as direction,
           (count(*) filter (where ${localDay('a.occurred_at', 'timestamp')} >= :start::date))::int as count,
           (count(*) filter (where ${localDay('a.occurred_at', 'timestamp')} < :start::date))::int as "previousCount"
      from activities a left join users u on u.id = a.author_id
     where a.organization_id = :org and ${within('a.occurred_at', 'timestamp')}
     group by a.author_id, a.type, a.direction
     order by 2, 3, 4`;
}
