import type { EntityManager } from '@mikro-orm/postgresql';
import { todayIn } from '../../lib/calendar-days';
import { Organization } from '../accounts/organizations/organization.entity';

/** The organization's local today (its timezone setting; UTC without one): the `asOf` of every insight. */
export async function organizationToday(em: EntityManager, organizationId: string): Promise<string> {
  const org = await em.findOne(Organization, { id: organizationId });
  return todayIn(org?.timezone);
}
