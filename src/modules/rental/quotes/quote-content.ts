import { createHash } from 'node:crypto';
import type { RentalQuoteLine } from './rental-quote-line.entity';
import type { RentalQuoteVersion } from './rental-quote-version.entity';

/**
 * The canonical content of a version: what the customer is shown and accepts, as an object whose keys are written in
 * this fixed order (so JSON.stringify of it is canonical: the same content always gives the same bytes). Amounts,
 * rates and dates are the strings stored; lines by position. A version of content format 2 adds its charges beyond the
 * rate and each line's tax rate (its amount already says its discounts); one written before them (format 1) hashes as it did.
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
    ...(version.contentFormat >= 2 && {
      waiverOptOut: version.waiverOptOut,
      delivery: version.delivery,
      pickup: version.pickup,
      deliveryZone: version.deliveryZone,
      waiverPercent: version.waiverPercent,
      damageWaiver: version.damageWaiver,
      deliveryFee: version.deliveryFee,
      pickupFee: version.pickupFee,
      deposit: version.deposit,
      taxExempt: version.taxExempt,
    }),
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
        ...(version.contentFormat >= 2 && { taxRate: l.taxRate }),
      })),
  };
}

/** sha256 (hex) of the canonical JSON: recorded on the version and again, recomputed, with an acceptance. */
export function contentHash(customerId: string, version: RentalQuoteVersion, lines: RentalQuoteLine[]): string {
  return createHash('sha256')
    .update(JSON.stringify(canonicalContent(customerId, version, lines)))
    .digest('hex');
}
