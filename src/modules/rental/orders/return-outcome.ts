import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays } from '../../../lib/calendar-days';
import type { InventoryItem } from '../inventory/inventory-item.entity';
import type { InventoryUnit } from '../inventory/inventory-unit.entity';
import { HoldSource, MaintenanceHold } from '../inventory/maintenance-hold.entity';
import { holdUnit, serviceDue } from '../inventory/unit-holds';
import { ChargeKind } from './order-charge.entity';
import { addDraftCharge } from './order-charge.service';
import type { RentalOrder } from './rental-order.entity';
import type { RentalOrderLine } from './rental-order-line.entity';
import { RentalReturn, ReturnCondition } from './rental-return.entity';

/** Damage: the condition `damaged`, or a failed post-hire check item marked as damage. */
export const isDamage = (row: RentalReturn) =>
  row.condition === ReturnCondition.damaged || row.checklist.some((r) => r.damage);

/** A damage charge's description: the unit's asset tag (or `2 x PC-18`), the item's name and the damage notes. */
export const damageChargeDescription = (what: string, itemName: string, notes: string | null) =>
  `Damage: ${what} (${itemName})${notes ? ` - ${notes}` : ''}`;

/**
 * What a check-in (or a swap) sets going beyond the return itself, in the same transaction (docs/rental.md,
 * "Inspections and service"): damage puts the unit (or the quantity) into maintenance with an open-ended hold
 * from the day after it came back (the return day is still the order's) and adds a draft damage charge; a clean
 * unit whose hour or rental interval came due gets a service hold from that day. Answers a note for the history.
 */
export async function afterReturn(
  tx: EntityManager,
  order: RentalOrder,
  line: RentalOrderLine,
  unit: InventoryUnit | null,
  row: RentalReturn,
  damageCharge?: string | null,
): Promise<string | null> {
  const from = addDays(row.returnedOn, 1);
  const what = unit ? unit.assetTag : `${row.quantity} x ${line.itemNumber}`;
  if (unit) unit.rentalsSinceService += 1;
  if (isDamage(row)) {
    const failed = row.checklist.filter((r) => r.damage).map((r) => r.item);
    const reason = `Damage at check-in: ${[row.damageNotes, ...failed].filter(Boolean).join('; ') || row.condition}`;
    if (unit) await holdUnit(tx, unit, { source: HoldSource.damage, startDate: from, reason });
    else {
      const hold = new MaintenanceHold(order.organization as never, line.item as never, {
        quantity: row.quantity,
        startDate: from,
      });
      Object.assign(hold, { source: HoldSource.damage, reason: reason.slice(0, 500) });
      tx.persist(hold);
    }
    addDraftCharge(tx, order, {
      kind: ChargeKind.damage,
      description: damageChargeDescription(what, line.itemName, row.damageNotes),
      amount: damageCharge,
      quantity: row.quantity,
      unit,
    });
    return `${what} damaged: in maintenance from ${from}, draft damage charge`;
  }
  const due = unit ? serviceDue(line.item.getEntity() as InventoryItem, unit) : null;
  if (!unit || !due) return null;
  await holdUnit(tx, unit, { source: HoldSource.service, startDate: from, reason: due });
  return `${unit.assetTag}: ${due}`;
}
