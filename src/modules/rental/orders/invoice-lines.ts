import type { EntityManager } from '@mikro-orm/postgresql';
import { ref } from '@mikro-orm/core';
import Decimal from 'decimal.js';
import { formatMoney } from '../../../lib/money';
import { ChargeKind, ChargeStatus, OrderCharge } from './order-charge.entity';
import type { Invoice } from './invoice.entity';
import { RentalOrder } from './rental-order.entity';
import { RentalOrderLine } from './rental-order-line.entity';
import { InvoiceLine, InvoiceLineKind } from './invoice-line.types';

const KIND_OF_CHARGE: Record<ChargeKind, InvoiceLineKind> = {
  [ChargeKind.damage]: InvoiceLineKind.damage,
  [ChargeKind.late]: InvoiceLineKind.late,
  [ChargeKind.fuel]: InvoiceLineKind.fuel,
  [ChargeKind.cleaning]: InvoiceLineKind.cleaning,
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
 * Bills charges on an invoice (docs/rental.md, "Invoices carry every charge"): each is linked to it (so it is billed
 * once; voiding the invoice releases it), listed in `charges` with their sum `chargesTotal`, and the invoice's total
 * is the order's total (rental lines, waiver, fees, tax) plus that sum: charges, like the waiver and fees, are not
 * taxed. The service (invoice creation) and the demo's billing both bill this way.
 */
export function billCharges(invoice: Invoice, order: Pick<RentalOrder, 'total'>, charges: OrderCharge[]): void {
  for (const c of charges) c.invoice = ref(invoice);
  invoice.charges = charges.map((c) => ({
    chargeId: c.id,
    kind: c.kind,
    description: c.description,
    amount: c.amount,
  }));
  const sum = charges.reduce((s, c) => s.plus(c.amount), new Decimal(0));
  invoice.chargesTotal = formatMoney(sum);
  invoice.total = formatMoney(sum.plus(order.total));
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

/** The damage waiver, delivery and pickup fees the invoice copied from its order, each a line when not zero. */
function feeLines(invoice: Invoice): InvoiceLine[] {
  const fees: [InvoiceLineKind, string, string][] = [
    [InvoiceLineKind.waiver, 'Damage waiver', invoice.damageWaiver],
    [InvoiceLineKind.delivery, 'Delivery', invoice.deliveryFee],
    [InvoiceLineKind.pickup, 'Pickup', invoice.pickupFee],
  ];
  return fees
    .filter(([, , amount]) => !new Decimal(amount).isZero())
    .map(([kind, description, amount]) =>
      Object.assign(new InvoiceLine(), {
        kind,
        itemNumber: null,
        description,
        quantity: 1,
        unitPrice: amount,
        amount,
        taxable: false,
        taxRate: '0.000',
      }),
    );
}

/**
 * An invoice's lines (docs/rental.md, "Invoice lines"): the order's rental lines in their order (taxed at their own
 * rate, none for a tax-exempt order), then its waiver and fees, then the charges billed on it (neither taxed). Their
 * amounts add up to the invoice's total less its tax.
 */
export async function invoiceLines(em: EntityManager, invoice: Invoice): Promise<InvoiceLine[]> {
  const [order, lines, charges] = await Promise.all([
    em.findOneOrFail(RentalOrder, invoice.order.id),
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
        taxable: !order.taxExempt,
        taxRate: order.taxExempt ? '0.000' : (l.taxRate ?? order.taxRate),
      }),
    ),
    ...feeLines(invoice),
    ...charges.map((c) =>
      Object.assign(new InvoiceLine(), {
        kind: KIND_OF_CHARGE[c.kind],
        itemNumber: null,
        description: c.description,
        ...quantityAndRate(c.amount, 1),
        amount: c.amount,
        taxable: false,
        taxRate: '0.000',
      }),
    ),
  ];
}
