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
