import Decimal from 'decimal.js';
import { formatMoney } from '../../../lib/money';
import type { RentalDocument } from './document-model';

type Fees = { damageWaiver: string; deliveryFee: string; pickupFee: string };

/**
 * The optional slots of a document (document-model.ts) from an order's charges beyond the rate (docs/rental.md,
 * section 4e): the damage waiver, delivery and pickup together, and the deposit (outside the total), each only
 * when not zero. `fees` is the record the document bills (an invoice copies its order's), `order` the deposit's.
 */
export function orderSlots(
  fees: Fees,
  order: { deposit: string },
): Pick<RentalDocument, 'damageWaiver' | 'deliveryFee' | 'deposit'> {
  const transport = new Decimal(fees.deliveryFee).plus(fees.pickupFee);
  const some = (label: string, amount: Decimal.Value) =>
    new Decimal(amount).isZero() ? null : { label, amount: formatMoney(amount) };
  return {
    damageWaiver: some('Damage waiver', fees.damageWaiver),
    deliveryFee: some('Delivery and pickup', transport),
    deposit: some('Deposit (not part of the total)', order.deposit),
  };
}
