import { createHash } from 'node:crypto';
import type { RentalQuoteLine } from './rental-quote-line.entity';
import type { RentalQuoteVersion } from './rental-quote-version.entity';

/**
 * The canonical content of a version: what the customer is shown and accepts, as an object whose keys are written in
 * this fixed order (so JSON.stringify of it is canonical: the same content always gives the same bytes). Amounts,
 * rates and dates are the strings stored; lines by position.
 */
export function canonicalContent(customerId: string, version: RentalQuoteVersion, lines: RentalQuoteLine[]) {
  return {
    quoteId: version.quote.id,
    version: version.version,
    customerId,
    pickupDate: version.pickupDate,
    returnDate: version.returnDate,
    rentalDays: version.rentalDays,
    validUntil: version.validUntil,
    deliveryMethod: version.deliveryMethod,
    deliveryAddress: version.deliveryAddress,
    notes: version.notes,
    currency: version.currency,
    taxRate: version.taxRate,
    subtotal: version.subtotal,
    tax: version.tax,
    total: version.total,
    lines: [...lines]
      .sort((a, b) => a.position - b.position)
      .map((l) => ({
        position: l.position,
        itemId: l.item.id,
        unitId: l.unit?.id ?? null,
        itemNumber: l.itemNumber,
        itemName: l.itemName,
        assetTag: l.assetTag,
        quantity: l.quantity,
        days: l.days,
        billedDays: l.billedDays,
        unitPrice: l.unitPrice,
        amount: l.amount,
      })),
  };
}

/** sha256 (hex) of the canonical JSON: recorded on the version and again, recomputed, with an acceptance. */
export function contentHash(customerId: string, version: RentalQuoteVersion, lines: RentalQuoteLine[]): string {
  return createHash('sha256')
    .update(JSON.stringify(canonicalContent(customerId, version, lines)))
    .digest('hex');
}
