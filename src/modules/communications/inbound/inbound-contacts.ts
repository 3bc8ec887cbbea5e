import type { EntityManager } from '@mikro-orm/postgresql';
import type { Organization } from '../../accounts/organizations/organization.entity';
import { Contact, ContactStatus } from '../../crm/contacts/contact.entity';

const E164 = /^\+[1-9]\d{1,14}$/;

/** Who an inbound message is from: the contact, and whether it was created for this message (status `unknown`). */
export interface Sender {
  contact: Contact;
  created: boolean;
}

/**
 * Steps (a)-(c) of the spec's auto-link: the sender among the organization's CURRENT contacts (not superseded by a
 * merge or a conversion), by email without case; none: a new contact with status `unknown`, named after the display
 * name, else the address. The em is scoped to the organization; the caller's transaction holds the write.
 */
export async function senderByEmail(
  em: EntityManager,
  org: Organization,
  address: string,
  displayName: string | null,
): Promise<Sender> {
  const email = address.trim().toLowerCase();
  // Stored emails are lower-cased (Contact), so equality on the lowered address is the case-insensitive match.
  const [found] = await em.find(Contact, { email, supersededBy: null }, { orderBy: { createdAt: 'asc' }, limit: 1 });
  if (found) return { contact: found, created: false };
  const contact = new Contact(org, (displayName?.trim() || email).slice(0, 200), ContactStatus.unknown);
  contact.email = email;
  contact.source = 'inbound email';
  em.persist(contact);
  return { contact, created: true };
}

/**
 * The same rule by phone (calls, SMS): the current contact with this E.164 number (the most recently contacted
 * when several share it), else a new `unknown` contact named after the number. A sender that is not a phone
 * number (a short code, a SIP client) gets a contact named after it, without a phone.
 */
export async function senderByPhone(
  em: EntityManager,
  org: Organization,
  from: string,
  source: string,
): Promise<Sender> {
  const phone = E164.test(from) ? from : null;
  if (phone) {
    const [found] = await em.find(
      Contact,
      { phone, supersededBy: null },
      { orderBy: { lastContactedAt: 'desc nulls last', createdAt: 'asc' }, limit: 1 },
    );
    if (found) return { contact: found, created: false };
  }
  const contact = new Contact(org, from.slice(0, 200), ContactStatus.unknown);
  contact.phone = phone;
  contact.source = source;
  em.persist(contact);
  return { contact, created: true };
}
