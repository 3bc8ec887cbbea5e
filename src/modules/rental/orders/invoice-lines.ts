import type { EntityManager } from '@mikro-orm/postgresql';
import { ref } from '@mikro-orm/core';
import Decimal from 'decimal.js';
import { formatMoney } from '../../../lib/money';
import { ChargeKind, ChargeStatus, OrderCharge } from './order-charge.entity';
import type { Invoice } from './invoice.entity';
import type { RentalOrder } from './rental-order.entity';
import { RentalOrderLine } from './rental-order-line.entity';
import { InvoiceLine, InvoiceLineKind } from './invoice-line.types';

const KIND_OF_CHARGE: Record<ChargeKind, InvoiceLineKind> = {
  [ChargeKind.damage]: InvoiceLineKind.damage,
  [ChargeKind.late]: InvoiceLineKind.late,
  [ChargeKind.other]: InvoiceLineKind.other,
};

/** The approved charges of an order not billed yet: what the next invoice of the order takes. */
export function unbilledCharges(tx: EntityManager, orderId: string): Promise<OrderCharge[]> {
  return tx.find(
    OrderCharge,
    { order: orderId, status: ChargeStatus.approved, invoice: null },
    { orderBy: { createdAt: 'asc', id: 'asc' } },
  );
}

/**
 * Bills charges on an invoice (docs/rental.md, "Invoice lines"): each is linked to it, and the invoice's subtotal is
 * the order's plus theirs, taxed at the order's rate as the order's subtotal is. The service (invoice creation) and
 * the demo's billing both bill this way.
 */
export function billCharges(
  invoice: Invoice,
  order: Pick<RentalOrder, 'subtotal' | 'taxRate'>,
  charges: OrderCharge[],
): void {
  if (!charges.length) return;
  for (const c of charges) c.invoice = ref(invoice);
  const subtotal = charges.reduce((s, c) => s.plus(c.amount), new Decimal(order.subtotal));
  const tax = taxOn(subtotal, order.taxRate);
  Object.assign(invoice, {
    subtotal: formatMoney(subtotal),
    tax: formatMoney(tax),
    total: formatMoney(subtotal.plus(tax)),
  });
}

/** subtotal x rate / 100 rounded half-up to cents, as an order's tax (pricing.ts `totals`). */
export function taxOn(subtotal: Decimal.Value, taxRatePercent: string): Decimal {
  return new Decimal(subtotal).times(taxRatePercent).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/**
 * Quantity and rate whose product is the amount: the amount per unit when it is whole cents, else one of the
 * amount (a line re-priced after an early return costs less than quantity x unit price).
 */
function quantityAndRate(amount: string, quantity: number): { quantity: number; unitPrice: string } {
  if (quantity > 0) {
    const rate = new Decimal(amount).dividedBy(quantity);
    if (rate.decimalPlaces() <= 2) return { quantity, unitPrice: formatMoney(rate) };
  }
  return { quantity: 1, unitPrice: formatMoney(amount) };
}

/**
 * An invoice's lines (docs/rental.md, "Invoice lines"): the order's rental lines in their order, then the charges
 * billed on it. Their amounts add up to the invoice's subtotal; every line is taxed at the order's rate.
 */
export async function invoiceLines(em: EntityManager, invoice: Invoice): Promise<InvoiceLine[]> {
  const [lines, charges] = await Promise.all([
    em.find(RentalOrderLine, { order: invoice.order.id }, { orderBy: { position: 'asc' } }),
    em.find(OrderCharge, { invoice: invoice.id }, { orderBy: { createdAt: 'asc', id: 'asc' } }),
  ]);
  return [
    ...lines.map((l) =>
      Object.assign(new InvoiceLine(), {
        kind: InvoiceLineKind.rental,
        itemNumber: l.itemNumber,
        description: `${l.itemName} (${l.itemNumber}), ${l.days} day${l.days === 1 ? '' : 's'}`,
        ...quantityAndRate(l.amount, l.quantity),
        amount: l.amount,
        taxable: true,
      }),
    ),
    ...charges.map((c) =>
      Object.assign(new InvoiceLine(), {
        kind: KIND_OF_CHARGE[c.kind],
        itemNumber: null,
        description: c.description,
        ...quantityAndRate(c.amount, 1),
        amount: c.amount,
        taxable: true,
      }),
    ),
  ];
}
