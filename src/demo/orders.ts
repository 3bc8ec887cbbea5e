import Decimal from 'decimal.js';
import { ref } from '@mikro-orm/core';
import { addDays, daysInclusive } from '../lib/calendar-days';
import { formatMoney } from '../lib/money';
import type { InventoryItem } from '../modules/rental/inventory/inventory-item.entity';
import { RentalOrder, RentalOrderStatus } from '../modules/rental/orders/rental-order.entity';
import { RentalOrderLine } from '../modules/rental/orders/rental-order-line.entity';
import { priceLine, totals } from '../modules/rental/orders/pricing';
import { at, dayOf, DemoContext, place } from './demo-context';
import { HOLDS, RENTAL_SETTINGS } from './inventory';
import { present } from '../lib/present';

const DAYS_OF_HISTORY = 365;
const RENTAL_LENGTHS = [1, 1, 2, 3, 3, 5, 7, 7, 10, 14, 14, 21, 30, 45];

/** Units of each item taken on each day: what availability counts (bookings of pending and completed orders, holds). */
class Ledger {
  private taken = new Map<string, Map<string, number>>();

  constructor(private readonly ctx: DemoContext) {
    for (const h of HOLDS) {
      const item = present(
        ctx.data.items.find((i) => i.itemNumber === h.itemNumber),
        `demo item ${h.itemNumber}`,
      );
      this.take(item, dayOf(ctx, h.start), dayOf(ctx, h.end ?? DAYS_OF_HISTORY), h.quantity);
    }
  }

  free(item: InventoryItem, from: string, to: string): number {
    let least = item.quantityOwned;
    for (let d = from; d <= to; d = addDays(d, 1))
      least = Math.min(least, item.quantityOwned - (this.taken.get(item.id)?.get(d) ?? 0));
    return least;
  }

  take(item: InventoryItem, from: string, to: string, quantity: number): void {
    const days = this.taken.get(item.id) ?? new Map<string, number>();
    this.taken.set(item.id, days);
    for (let d = from; d <= to; d = addDays(d, 1)) days.set(d, (days.get(d) ?? 0) + quantity);
  }
}

/**
 * Rental: a year of orders (the spec's transactions) and the weeks ahead, booked without overbooking
 * (holds included) and priced by the same quote engine and tax as POST /api/transactions. Orders that
 * ended are completed (some cancelled); those under way or ahead are pending. Completed totals add up to
 * each customer's lifetime order value, as completing an order does.
 */
export function seedOrders(ctx: DemoContext): void {
  const { rng, data } = ctx;
  const ledger = new Ledger(ctx);
  const rentable = data.items;
  const { currency, taxRate } = RENTAL_SETTINGS;
  const author = data.team[1]; // the rental desk books most orders
  let n = 0;
  for (let offset = -DAYS_OF_HISTORY; offset <= 0; offset++) {
    const orderDate = dayOf(ctx, offset);
    const weekday = new Date(`${orderDate}T00:00:00Z`).getUTCDay();
    const count = weekday === 0 ? 0 : weekday === 6 ? rng.int(0, 1) : rng.int(0, 3);
    for (let k = 0; k < count; k++) {
      const customer = rng.pickSkewed(
        data.customers.filter((c) => c.createdAt.getTime() <= at(ctx, orderDate, 23).getTime()),
      );
      if (!customer) continue;
      const pickupDate = addDays(orderDate, rng.int(0, offset > -14 ? 30 : 10)); // recent orders include reservations weeks ahead
      const returnDate = addDays(pickupDate, rng.pick(RENTAL_LENGTHS) - 1);
      const cancelled = rng.chance(0.07);
      const wanted = rng
        .sample(rentable, rng.int(1, 3))
        .map((item) => ({ item, quantity: Math.min(rng.int(1, 2), ledger.free(item, pickupDate, returnDate)) }));
      const lines = wanted.filter((l) => l.quantity > 0);
      if (!lines.length) continue;
      const rentalDays = daysInclusive(pickupDate, returnDate);
      const priced = lines.map((l) => priceLine(l.item, l.quantity, rentalDays));
      const order = new RentalOrder(ctx.org, customer, {
        orderDate,
        pickupDate,
        returnDate,
        rentalDays,
        currency,
        taxRate,
      });
      Object.assign(order, totals(priced, taxRate), { createdBy: ref(rng.chance(0.7) ? author : rng.pick(data.team)) });
      if (cancelled)
        Object.assign(order, { status: RentalOrderStatus.cancelled, cancelledAt: at(ctx, addDays(orderDate, 1), 11) });
      else {
        if (returnDate < ctx.today) {
          Object.assign(order, {
            status: RentalOrderStatus.completed,
            completedAt: at(ctx, addDays(returnDate, 1), 8),
          });
          customer.lifetimeOrderValue = formatMoney(new Decimal(customer.lifetimeOrderValue).plus(order.total));
        }
        lines.forEach((l) => ledger.take(l.item, pickupDate, returnDate, l.quantity));
      }
      place(ctx, order, 'order', n, at(ctx, orderDate, rng.int(7, 16)));
      data.orders.push(order);
      data.orderLines.set(
        order,
        priced.map(({ item, quantity, price }, position) =>
          place(
            ctx,
            new RentalOrderLine(ctx.org, order, item, {
              position,
              quantity,
              days: rentalDays,
              billedDays: price.billedDays,
              breakdown: price.lines,
              unitPrice: price.unitPrice,
              amount: price.total,
            }),
            'order-line',
            `${n}:${position}`,
            order.createdAt,
          ),
        ),
      );
      n++;
    }
  }
}
