import { addDays } from '../lib/calendar-days';
import { present } from '../lib/present';
import type { InventoryItem } from '../modules/rental/inventory/inventory-item.entity';
import { lateCharges } from '../modules/rental/orders/late-charges';
import { ChargeKind, OrderCharge } from '../modules/rental/orders/order-charge.entity';
import { lateChargeDescription, latePolicy } from '../modules/rental/orders/order-charges';
import type { RentalOrder } from '../modules/rental/orders/rental-order.entity';
import { at, DemoContext, place } from './demo-context';
import { move } from './desk-records';
import { RENTAL_SETTINGS } from './inventory';

/**
 * What the overdue job (overdue.job.ts) has written for the overdue orders by the reference day: announced once
 * (`overdueNotifiedFor`, an `overdue` move the first day after the return date) and their draft late charges up to
 * today, one per line, from the same pure function (late-charges.ts) and the demo's late-charge policy. The overdue
 * orders have no check-in: every unit is still out.
 */
export function seedLateCharges(ctx: DemoContext, overdue: readonly RentalOrder[]): void {
  const policy = latePolicy(RENTAL_SETTINGS);
  for (const order of overdue) {
    const first = addDays(order.returnDate, 1);
    order.overdueNotifiedFor = order.returnDate;
    move(ctx, order, 'overdue', at(ctx, first, 6), `Overdue: due back ${order.returnDate}`, `1 day late on ${first}`);
    const lines = present(ctx.data.orderLines.get(order), 'order lines');
    const inputs = lines.map((line) => ({
      lineId: line.id,
      itemNumber: line.itemNumber,
      itemName: line.itemName,
      dailyRate: (line.item.getEntity() as InventoryItem).dailyRate,
      quantityOut: line.quantityOut,
      returns: [],
    }));
    for (const c of lateCharges(inputs, order.returnDate, ctx.today, policy)) {
      const charge = new OrderCharge(order, {
        kind: ChargeKind.late,
        description: lateChargeDescription(order, c),
        amount: c.amount,
      });
      charge.days = c.days;
      place(ctx, charge, 'charge', `late:${c.lineId}`, ctx.now);
    }
  }
}
