import type { EntityManager } from '@mikro-orm/postgresql';
import { knownTimezone, localDate } from '../lib/calendar-days';
import { clock } from '../lib/clock';

/**
 * The organization's day (docs/rental.md, "The organization's day"): every default date and every "today"
 * comparison of a record of an organization is taken in its timezone (organization settings; UTC without one or
 * with a name this runtime does not know). A request reads the timezone once (`Context.today`); jobs read it per
 * organization. The bare UTC `today()` is left only where there is no organization.
 */
export async function organizationTimezone(em: EntityManager, organizationId: string): Promise<string> {
  const rows = await em.execute<{ timezone: string | null }[]>('select timezone from organizations where id = ?', [
    organizationId,
  ]);
  return knownTimezone(rows[0]?.timezone);
}

/** The organization's local date at `now` (the project's clock by default). */
export async function organizationToday(
  em: EntityManager,
  organizationId: string,
  now: Date = clock.now(),
): Promise<string> {
  return localDate(await organizationTimezone(em, organizationId), now);
}

/**
 * SQL of "`date` is before the organization's today" (`organizationToday`: its timezone's local date now), for SQL
 * that must agree with a JavaScript rule on that today (an export's lines: rest-adapter/list-export-sql.ts). A local
 * date is within a day of the UTC date, so only a `date` of the UTC date or the day before needs the timezone; that
 * is taken where PostgreSQL names it as Intl does (unset: UTC; an area and location, or UTC, that PostgreSQL knows),
 * and is null elsewhere (the caller's row is then written in JavaScript). Null for a date JavaScript would compare
 * otherwise (outside the years 1 to 9999: the ORM's date text).
 */
export function beforeOrganizationToday(date: string, organizationId: string): string {
  const utc = `(now() at time zone 'UTC')::date`;
  const zone = `coalesce(nullif(o.timezone, ''), 'UTC')`;
  const named = `z.name ~ '^(UTC|[A-Z][A-Za-z]+(/[A-Za-z0-9_+-]+)+)$' and exists (select from pg_timezone_names t where t.name = z.name)`;
  const local =
    `(select case when ${named} then (now() at time zone z.name)::date end ` +
    `from (select ${zone} as name from organizations o where o.id = ${organizationId}) z)`;
  return (
    `case when ${date} not between '0001-01-01' and '9999-12-31' then null when ${date} < ${utc} - 1 then true ` +
    `when ${date} > ${utc} then false else ${date} < ${local} end`
  );
}
