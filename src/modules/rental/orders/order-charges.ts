import type { EntityManager } from '@mikro-orm/postgresql';
import type { InventoryItem } from '../inventory/inventory-item.entity';
import type { RentalOrder } from './rental-order.entity';
import type { RentalSettings } from './rental-settings.entity';
import { ChargeKind, ChargeStatus, OrderCharge } from './order-charge.entity';
import { addDraftCharge } from './order-charge.service';
import { RentalReturn, ReturnKind } from './rental-return.entity';
import { linesOf } from './desk-support';
import { LateChargeLine, lateCharges, LateLineInput, LatePolicy } from './late-charges';

export function latePolicy(
  settings: Pick<RentalSettings, 'lateChargesEnabled' | 'lateGraceDays' | 'lateRatePerDay'>,
): LatePolicy {
  return {
    enabled: settings.lateChargesEnabled,
    graceDays: settings.lateGraceDays,
    ratePerDay: settings.lateRatePerDay,
  };
}

/** The order's late charges on `today` (a preview: nothing is written). */
export async function computeLateCharges(
  em: EntityManager,
  order: RentalOrder,
  today: string,
  policy: LatePolicy,
): Promise<LateChargeLine[]> {
  const [lines, returns] = await Promise.all([
    linesOf(em, order),
    em.find(RentalReturn, { order: order.id, kind: ReturnKind.return }),
  ]);
  const inputs: LateLineInput[] = lines.map((line) => ({
    lineId: line.id,
    itemNumber: line.itemNumber,
    itemName: line.itemName,
    dailyRate: (line.item.getEntity() as InventoryItem).dailyRate,
    quantityOut: line.quantityOut,
    returns: returns
      .filter((r) => r.line.id === line.id)
      .map((r) => ({ quantity: r.quantity, returnedOn: r.returnedOn })),
  }));
  return lateCharges(inputs, order.returnDate, today, policy);
}

/** A late charge's description: units, item, unit-days after the return date and the rate. */
export function lateChargeDescription(order: Pick<RentalOrder, 'returnDate'>, c: LateChargeLine): string {
  return `Late: ${c.quantity} x ${c.itemNumber} (${c.itemName}), ${c.unitDays} unit-days after ${order.returnDate} at ${c.rate}/day`.slice(
    0,
    500,
  );
}

/**
 * Brings the order's DRAFT late charges up to `today` (the overdue job, each day; check-in, for the days actually
 * late): the drafts are replaced by one per line with a chargeable day. Once invoicing approved or voided a late
 * charge of the order, its late charges are left as they are.
 */
export async function refreshLateCharges(
  tx: EntityManager,
  order: RentalOrder,
  today: string,
  policy: LatePolicy,
): Promise<LateChargeLine[]> {
  const settled = await tx.count(OrderCharge, {
    order: order.id,
    kind: ChargeKind.late,
    status: { $ne: ChargeStatus.draft },
  });
  if (settled) return [];
  await tx.nativeDelete(OrderCharge, {
    order: order.id,
    kind: ChargeKind.late,
    status: ChargeStatus.draft,
  });
  const charges = await computeLateCharges(tx, order, today, policy);
  for (const c of charges)
    addDraftCharge(tx, order, {
      kind: ChargeKind.late,
      description: lateChargeDescription(order, c),
      amount: c.amount,
      days: c.days,
    });
  return charges;
}
