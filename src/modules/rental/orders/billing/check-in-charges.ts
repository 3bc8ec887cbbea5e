import type { EntityManager } from '@mikro-orm/postgresql';
import type { InventoryUnit } from '../../inventory/inventory-unit.entity';
import { ChargeKind } from '../order-charge.entity';
import { addDraftCharge } from '../order-charge.service';
import type { RentalOrder } from '../rental-order.entity';
import type { RentalOrderLine } from '../rental-order-line.entity';

const KINDS = [
  { field: 'fuelCharge', kind: ChargeKind.fuel, label: 'Fuel' },
  { field: 'cleaningCharge', kind: ChargeKind.cleaning, label: 'Cleaning' },
] as const;

/**
 * A check-in entry's fuel and cleaning charges (docs/rental.md, "Charges beyond the rate"): one draft charge of each
 * kind sent, in the check-in's transaction, beside the damage and late charges. Answers a note for the history.
 */
export function addCheckInCharges(
  tx: EntityManager,
  order: RentalOrder,
  line: RentalOrderLine,
  unit: InventoryUnit | null,
  quantity: number,
  entry: { fuelCharge?: string | null; cleaningCharge?: string | null },
): string | null {
  const what = unit ? unit.assetTag : `${quantity} x ${line.itemNumber}`;
  const added = KINDS.flatMap(({ field, kind, label }) => {
    const amount = entry[field];
    if (amount === undefined || amount === null) return [];
    addDraftCharge(tx, order, { kind, description: `${label}: ${what} (${line.itemName})`, amount, quantity, unit });
    return [`${label.toLowerCase()} ${amount}`];
  });
  return added.length ? `${what}: draft ${added.join(', ')}` : null;
}
