/**
 * The platform reads of the inbound webhooks: which organization a provider's call is for, before any
 * tenant is known. They are the ONLY reads of the inbound flows that cross organizations (row-level
 * security: these two take the platform access; everything after them runs tenant-scoped).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { Organization } from '../organizations/organization.entity';
import { OrganizationPhoneNumber } from './phone-number.entity';
import { withPlatformAccess } from '../../../db/access';

/**
 * The organization whose inbound address (`<token>@<domain>`) is among the recipients, compared without case.
 * The first recipient that matches wins; recipients on another domain never match.
 */
export async function findOrganizationByInboundAddress(
  em: EntityManager,
  recipients: readonly string[],
  domain: string,
): Promise<Organization | null> {
  const suffix = `@${domain.toLowerCase()}`;
  const tokens = recipients
    .map((r) => r.trim().toLowerCase())
    .filter((r) => r.endsWith(suffix))
    .map((r) => r.slice(0, -suffix.length))
    .filter((t) => t !== '' && !t.includes('@'));
  if (!tokens.length) return null;
  const found = await withPlatformAccess(() =>
    em.find(Organization, { inboundEmailToken: { $in: tokens } }, { filters: false }),
  );
  return tokens.map((t) => found.find((o) => o.inboundEmailToken === t)).find((o) => o !== undefined) ?? null;
}

/** The organization that lists this E.164 number among its phone numbers. */
export async function findOrganizationByPhoneNumber(em: EntityManager, number: string): Promise<Organization | null> {
  const phone = await withPlatformAccess(() =>
    em.findOne(OrganizationPhoneNumber, { number }, { filters: false, populate: ['organization'] }),
  );
  return (phone?.organization.getEntity() as Organization | undefined) ?? null;
}
