import Decimal from 'decimal.js';
import { ref } from '@mikro-orm/core';
import { daysInclusive } from '../lib/calendar-days';
import { formatMoney } from '../lib/money';
import type { InventoryUnit } from '../modules/rental/inventory/inventory-unit.entity';
import { InventoryUnitEvent } from '../modules/rental/inventory/inventory-unit-event.entity';
import { bookedContext, linePrice } from '../modules/rental/orders/pricing';
import type { RentalOrder } from '../modules/rental/orders/rental-order.entity';
import type { RentalOrderLine } from '../modules/rental/orders/rental-order-line.entity';
import { RentalOrderMove } from '../modules/rental/orders/rental-order-move.entity';
import type { RentalReturn } from '../modules/rental/orders/rental-return.entity';
import { DemoContext, place } from './demo-context';

/** The records the rental desk's moves leave behind (desk.ts): unit history, order history, re-pricing. */

/** A partial return re-prices the order for what it kept (docs/rental.md, "Re-pricing"). */
export function reprice(order: RentalOrder, lines: RentalOrderLine[], returns: RentalReturn[]): void {
  let subtotal = new Decimal(0);
  for (const line of lines) {
    const back = returns
      .filter((r) => r.line.id === line.id)
      .map((r) => ({ quantity: r.quantity, days: Math.min(line.days, daysInclusive(order.pickupDate, r.returnedOn)) }));
    line.amount = linePrice(
      line.item.getEntity(),
      line,
      back,
      bookedContext(order.pickupDate, line.pricingRules),
    ).amount;
    subtotal = subtotal.plus(line.amount);
  }
  const tax = subtotal.times(order.taxRate).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  Object.assign(order, {
    subtotal: formatMoney(subtotal),
    tax: formatMoney(tax),
    total: formatMoney(subtotal.plus(tax)),
  });
}

export function unitEvent(
  ctx: DemoContext,
  unit: InventoryUnit,
  kind: string,
  when: Date,
  order: RentalOrder | null,
  note: string | null = null,
): void {
  const e = new InventoryUnitEvent(unit, kind, when);
  Object.assign(e, { orderId: order?.id ?? null, note, user: ref(ctx.data.team[1]) });
  place(ctx, e, 'unit-event', `${unit.assetTag}:${when.toISOString()}:${kind}`, when);
}

export function move(
  ctx: DemoContext,
  order: RentalOrder,
  kind: string,
  when: Date,
  title: string,
  detail: string | null = null,
): void {
  const m = new RentalOrderMove();
  Object.assign(m, {
    organization: order.organization,
    order: ref(order),
    customerId: order.customer.id,
    kind,
    occurredAt: when,
    title,
    detail,
    user: ref(ctx.data.team[1]),
  });
  place(ctx, m, 'move', `${order.id}:${kind}:${when.toISOString()}`, when);
}
