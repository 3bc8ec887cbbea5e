import type { EntityManager } from '@mikro-orm/postgresql';
import Decimal from 'decimal.js';
import { ChargeStatus, OrderCharge } from '../orders/order-charge.entity';
import { RentalCheckout } from '../orders/rental-checkout.entity';
import { RentalOrderLine } from '../orders/rental-order-line.entity';
import type { RentalOrder } from '../orders/rental-order.entity';
import { orderSlots } from './order-slots';
import type { DocumentBranding } from './branding.entity';
import type { DocumentLine, RentalDocument } from './document-model';
import { brandOf, customerParty, longDay, pricing, rentalFacts } from './document-parts';

/** The agreement's number: the order's id, shortened (orders have no sequence of their own). */
export function agreementNumber(order: Pick<RentalOrder, 'id'>): string {
  return `RA-${order.id.slice(0, 8).toUpperCase()}`;
}

/**
 * A rental order as the rental agreement the customer signs: the rental period, each line with its cover, the
 * charges approved so far, the totals, the units checked out (asset tags, meters, who took them), the organization's
 * agreement terms and two signature lines.
 */
export async function agreementDocument(
  em: EntityManager,
  order: RentalOrder,
  branding: DocumentBranding,
): Promise<RentalDocument> {
  const [lines, charges, checkouts, brand, renter] = await Promise.all([
    em.find(RentalOrderLine, { order: order.id }, { orderBy: { position: 'asc' } }),
    em.find(
      OrderCharge,
      { order: order.id, status: ChargeStatus.approved },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    ),
    em.find(RentalCheckout, { order: order.id }, { orderBy: { checkedOutAt: 'asc', id: 'asc' } }),
    brandOf(em, branding),
    customerParty(em, order.customer.id, 'Renter'),
  ]);
  const lineOf = new Map(lines.map((l) => [l.id, l]));
  const chargeLines: DocumentLine[] = charges.map((c) => ({
    description: c.description,
    quantity: 1,
    unitPrice: c.amount,
    amount: c.amount,
  }));
  // as its invoice will bill them (invoice-lines.ts): the approved charges beside the lines, not taxed, on top of the
  // order's total (its lines, waiver, fees and tax)
  const chargesTotal = charges.reduce((s, c) => s.plus(c.amount), new Decimal(0));
  return {
    title: 'Rental agreement',
    number: agreementNumber(order),
    issuedOn: order.orderDate,
    currency: order.currency,
    brand,
    facts: [{ label: 'Order date', value: longDay(order.orderDate) }, ...rentalFacts(order)],
    parties: [renter],
    lines: lines.map((l) => ({
      description: `${l.itemName} (${l.itemNumber})`,
      detail: pricing(l),
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      amount: l.amount,
    })),
    charges: chargeLines,
    ...orderSlots(order, order),
    totals: [
      { label: 'Subtotal', amount: order.subtotal },
      { label: order.taxExempt ? 'Tax (exempt)' : 'Tax', amount: order.tax },
      { label: 'Total', amount: chargesTotal.plus(order.total).toFixed(2) },
    ],
    sections: checkouts.length
      ? [
          {
            title: 'Units checked out',
            rows: checkouts.map((c) => {
              const line = lineOf.get(c.line.id);
              const what = c.assetTag
                ? `${c.assetTag} (${line?.itemName ?? ''})`
                : `${c.quantity} x ${line?.itemName ?? ''}`;
              const meter = c.meterOut ? `, meter ${c.meterOut}` : '';
              return `${what}: released to ${c.releasedTo} on ${c.checkedOutAt.toISOString().slice(0, 10)}${meter}`;
            }),
          },
        ]
      : [],
    terms: branding.agreementTerms,
    notes: order.notes,
    signatures: ['Renter', `For ${brand.name}`],
  };
}
