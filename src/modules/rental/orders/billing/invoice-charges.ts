import type { EntityManager } from '@mikro-orm/postgresql';
import Decimal from 'decimal.js';
import { formatMoney } from '../../../../lib/money';
import type { Invoice } from '../invoice.entity';
import { ChargeStatus, OrderCharge } from '../order-charge.entity';
import type { RentalOrder } from '../rental-order.entity';

/**
 * Every charge the desk recorded and approved goes onto the order's invoice (docs/rental.md, "Invoices carry every
 * charge"): the invoice copies the order's rental subtotal, waiver, fees and tax (its constructor), and here lists
 * the approved charges (damage, late, fuel, cleaning, other) with their sum; total = the order's total + that sum.
 * Drafts are left out: approve or void them before invoicing.
 */
export async function carryCharges(tx: EntityManager, invoice: Invoice, order: RentalOrder): Promise<void> {
  const approved = await tx.find(
    OrderCharge,
    { order: order.id, status: ChargeStatus.approved },
    { orderBy: { createdAt: 'asc', id: 'asc' } },
  );
  invoice.charges = approved.map((c) => ({
    chargeId: c.id,
    kind: c.kind,
    description: c.description,
    amount: c.amount,
  }));
  const sum = approved.reduce((s, c) => s.plus(c.amount), new Decimal(0));
  invoice.chargesTotal = formatMoney(sum);
  invoice.total = formatMoney(sum.plus(order.total));
}
