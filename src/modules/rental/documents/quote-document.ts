import { orderSlots } from './order-slots';
import type { EntityManager } from '@mikro-orm/postgresql';
import { organizationTimezone } from '../../../db/organization-day';
import { localDate } from '../../../lib/calendar-days';
import { RentalQuoteLine } from '../quotes/rental-quote-line.entity';
import { DeliveryMethod, type RentalQuoteVersion } from '../quotes/rental-quote-version.entity';
import type { RentalQuote } from '../quotes/rental-quote.entity';
import type { DocumentBranding } from './branding.entity';
import type { RentalDocument } from './document-model';
import { brandOf, customerParty, longDay, pricing, rentalFacts } from './document-parts';

/** The quote's number: its id, shortened (quotes have no sequence of their own), like an agreement's. */
export function quoteNumber(quote: Pick<RentalQuote, 'id'>): string {
  return `Q-${quote.id.slice(0, 8).toUpperCase()}`;
}

/**
 * One version of a stored quote as the document the customer is sent (docs/rental.md, "Documents"): valid until,
 * pickup and return, rental days, the version, how the equipment travels; the customer ("Prepared for"); each line
 * with its cover as the agreement prints it; the version's subtotal, tax and total; the organization's quote terms.
 * Its day is the version's (the organization's date when it was written), so a version always gives the same bytes.
 * Its damage waiver, delivery and pickup fees and the deposit to pay at booking fill the document's slots, as on an
 * order's agreement (order-slots.ts), so the customer reads the figures the booked order will have.
 */
export async function quoteDocument(
  em: EntityManager,
  quote: RentalQuote,
  version: RentalQuoteVersion,
  branding: DocumentBranding,
): Promise<RentalDocument> {
  const [lines, brand, customer, timezone] = await Promise.all([
    em.find(RentalQuoteLine, { version: version.id }, { orderBy: { position: 'asc' } }),
    brandOf(em, branding),
    customerParty(em, quote.customer.id, 'Prepared for'),
    organizationTimezone(em, quote.organization.id),
  ]);
  const delivery =
    version.deliveryMethod === DeliveryMethod.delivery
      ? `Delivery to ${version.deliveryAddress ?? ''}`.trim()
      : 'Pickup at our yard';
  return {
    title: 'Quote',
    number: quoteNumber(quote),
    issuedOn: localDate(timezone, version.createdAt),
    currency: version.currency,
    brand,
    facts: [
      { label: 'Version', value: String(version.version) },
      { label: 'Valid until', value: longDay(version.validUntil) },
      ...rentalFacts(version),
      { label: 'Delivery', value: delivery },
    ],
    parties: [customer],
    lines: lines.map((l) => ({
      description: `${l.itemName} (${l.assetTag ? `unit ${l.assetTag}` : l.itemNumber})`,
      detail: pricing(l),
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      amount: l.amount,
    })),
    charges: [],
    ...orderSlots(version, version),
    totals: [
      { label: 'Subtotal', amount: version.subtotal },
      { label: version.taxExempt ? 'Tax (exempt)' : 'Tax', amount: version.tax },
      { label: 'Total', amount: version.total },
    ],
    terms: branding.quoteTerms,
    notes: version.notes,
  };
}
