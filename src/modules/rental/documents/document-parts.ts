import type { EntityManager } from '@mikro-orm/postgresql';
import type { QuoteLine } from '../inventory/quote-engine';
import { Organization } from '../../accounts/organizations/organization.entity';
import { Customer } from '../../crm/customers/customer.entity';
import type { DocumentBranding } from './branding.entity';
import type { DocumentBrand, DocumentFact, DocumentParty } from './document-model';

const join = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(', ');

/** The organization's name, address and contact (organization settings) with its tax id and logo (branding). */
export async function brandOf(em: EntityManager, branding: DocumentBranding): Promise<DocumentBrand> {
  const org = await em.findOneOrFail(Organization, branding.organization.id);
  return {
    name: org.name,
    addressLines: [org.address1, join(org.city, join(org.state, org.zipCode).replace(', ', ' '))].filter(
      (l): l is string => !!l,
    ),
    contact: [org.phone, org.email, org.website].filter((l): l is string => !!l),
    taxId: branding.taxId,
    logo: branding.logo,
  };
}

/** The customer as a party: name, billing (else contact) address, email and phone. */
export async function customerParty(em: EntityManager, customerId: string, label: string): Promise<DocumentParty> {
  const customer = await em.findOneOrFail(Customer, customerId, { populate: ['contact'] });
  const contact = customer.contact.getEntity();
  const street = customer.billingAddress ?? contact.address;
  const place = customer.billingAddress
    ? join(customer.billingCity, join(customer.billingState, customer.billingZipCode).replace(', ', ' '))
    : join(contact.city, join(contact.state, contact.zipCode).replace(', ', ' '));
  return {
    label,
    name: contact.name,
    lines: [street, place, contact.email, contact.phone].filter((l) => !!l) as string[],
  };
}

/** "2026-07-03" -> "Jul 3, 2026" (the day as written, no time zone). */
export function longDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1]} ${d}, ${y}`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A priced line's days and cover, as agreements and quotes print it: "3 days: 1 week at 400.00 + 1 day at 90.00". */
export function pricing(line: { days: number; breakdown: Pick<QuoteLine, 'count' | 'period' | 'rate'>[] }): string {
  const cover = line.breakdown.map((b) => `${plural(b.count, b.period)} at ${b.rate}`).join(' + ');
  return `${plural(line.days, 'day')}: ${cover}`;
}

/** The rental's period as agreements and quotes state it: pickup, return by, rental days. */
export function rentalFacts(r: { pickupDate: string; returnDate: string; rentalDays: number }): DocumentFact[] {
  return [
    { label: 'Pickup', value: longDay(r.pickupDate) },
    { label: 'Return by', value: longDay(r.returnDate) },
    { label: 'Rental days', value: String(r.rentalDays) },
  ];
}
