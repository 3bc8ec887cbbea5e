import Decimal from 'decimal.js';
import { ref } from '@mikro-orm/core';
import { addDays, daysInclusive } from '../lib/calendar-days';
import { formatMoney } from '../lib/money';
import type { InventoryItem } from '../modules/rental/inventory/inventory-item.entity';
import type { Customer } from '../modules/crm/customers/customer.entity';
import { RentalOrder, RentalOrderStatus } from '../modules/rental/orders/rental-order.entity';
import { RentalOrderLine } from '../modules/rental/orders/rental-order-line.entity';
import { priceLine, totals } from '../modules/rental/orders/pricing';
import { pricingContext } from '../modules/rental/inventory/pricing-rule.service';
import { at, dayOf, DemoContext, place } from './demo-context';
import { DESK_STORIES } from './desk-stories';
import { RENTAL_SETTINGS } from './inventory';
import { Ledger, LEDGERS } from './ledger';

const DAYS_OF_HISTORY = 365;
/** Rental lengths in days: a yard's mix of day jobs, weeks and month-long site rentals. */
const RENTAL_LENGTHS = [1, 2, 3, 5, 7, 7, 10, 14, 14, 21, 28, 30, 45, 60];
/** An item already this busy over the days asked for is not offered (the yard's fleet runs about half rented). */
const BUSY = 0.6;
/** Share of orders that go to the customer with the fewest orders so far (every account has some history). */
const SPREAD = 0.35;

interface Booking {
  orderDate: string;
  customer: Customer;
  pickupDate: string;
  returnDate: string;
  lines: { item: InventoryItem; quantity: number }[];
  status: RentalOrderStatus;
}

/**
 * Rental: a year of orders (the spec's transactions) and the weeks ahead, booked without overbooking
 * (holds and units in the shop included) and priced by the same quote engine and tax as POST /api/transactions.
 * Orders that ended are completed (some cancelled); those under way or ahead are pending; the rental desk's
 * stories (desk-stories.ts) are booked first. Items are asked for in proportion to the units owned, so every
 * category is about half rented. Completed totals add up to each customer's lifetime order value.
 */
export function seedOrders(ctx: DemoContext): void {
  const { rng, data } = ctx;
  const ledger = new Ledger(ctx);
  LEDGERS.set(ctx, ledger);
  // asked for in proportion to the units owned over the units a line takes (1 to a third of them)
  const demand = data.items.flatMap((item) =>
    Array<InventoryItem>(Math.round((2 * item.quantityOwned) / (1 + Math.ceil(item.quantityOwned / 3)))).fill(item),
  );
  const served = new Map<Customer, number>();
  const book = (b: Booking, n: number | string) => {
    served.set(b.customer, (served.get(b.customer) ?? 0) + 1);
    const order = bookOrder(ctx, b, n);
    data.orders.push(order);
    return order;
  };
  let n = 0;
  for (let offset = -DAYS_OF_HISTORY; offset <= 0; offset++) {
    const orderDate = dayOf(ctx, offset);
    const customers = data.customers.filter((c) => c.createdAt.getTime() <= at(ctx, orderDate, 23).getTime());
    if (!customers.length) continue;
    for (const story of DESK_STORIES.filter((s) => s.pickup - 2 === offset)) {
      const order = book(
        {
          orderDate,
          customer: rng.pickSkewed(customers),
          pickupDate: dayOf(ctx, story.pickup),
          returnDate: dayOf(ctx, story.return),
          lines: story.lines.map(([itemNumber, quantity]) => ({ item: ledger.item(itemNumber), quantity })),
          status: story.fate === 'returned_damaged' ? RentalOrderStatus.completed : RentalOrderStatus.pending,
        },
        `story:${story.key}`,
      );
      data.stories.set(order, story);
    }
    const weekday = new Date(`${orderDate}T00:00:00Z`).getUTCDay();
    const count = weekday === 0 ? 0 : weekday === 6 ? rng.int(0, 1) : rng.int(2, 3);
    for (let k = 0; k < count; k++) {
      const customer = rng.chance(SPREAD)
        ? customers.reduce((least, c) => ((served.get(c) ?? 0) < (served.get(least) ?? 0) ? c : least))
        : rng.pickSkewed(customers);
      const pickupDate = addDays(orderDate, rng.int(0, offset > -14 ? 30 : 10)); // recent orders include reservations weeks ahead
      const returnDate = addDays(pickupDate, rng.pick(RENTAL_LENGTHS) - 1);
      const cancelled = rng.chance(0.07);
      const lines = wantedLines(ctx, ledger, demand, rng.int(1, 3), pickupDate, returnDate);
      if (!lines.length) continue;
      if (!cancelled) lines.forEach((l) => ledger.take(l.item, pickupDate, returnDate, l.quantity));
      const status = cancelled
        ? RentalOrderStatus.cancelled
        : returnDate < ctx.today
          ? RentalOrderStatus.completed
          : RentalOrderStatus.pending;
      book({ orderDate, customer, pickupDate, returnDate, lines, status }, n++);
    }
  }
}

/**
 * `count` lines of different items free on those days. Each line takes the least busy of three items drawn by units
 * owned (the desk offers what stands in the yard), none already BUSY over those days: every category ends up about
 * half rented.
 */
function wantedLines(
  ctx: DemoContext,
  ledger: Ledger,
  demand: InventoryItem[],
  count: number,
  from: string,
  to: string,
): Booking['lines'] {
  const lines: Booking['lines'] = [];
  for (let k = 0; k < count; k++) {
    const [item] = Array.from({ length: 3 }, () => ctx.rng.pick(demand))
      .filter((i) => !lines.some((l) => l.item === i) && ledger.free(i, from, to) > 0)
      .map((i) => ({ i, load: ledger.load(i, from, to) }))
      .filter((c) => c.load < BUSY)
      .sort((a, b) => a.load - b.load)
      .map((c) => c.i);
    if (item)
      lines.push({
        item,
        quantity: Math.min(ledger.free(item, from, to), ctx.rng.int(1, Math.ceil(item.quantityOwned / 3))),
      });
  }
  return lines;
}

/** One order with its lines, priced as POST /api/transactions would; a completed one adds to the lifetime value. */
function bookOrder(ctx: DemoContext, b: Booking, n: number | string): RentalOrder {
  const { rng, data } = ctx;
  const { currency, taxRate } = RENTAL_SETTINGS;
  const rentalDays = daysInclusive(b.pickupDate, b.returnDate);
  const priced = b.lines.map((l) =>
    priceLine(l.item, l.quantity, rentalDays, pricingContext(data.pricingRules, l.item, b.customer.id, b.pickupDate)),
  );
  const order = new RentalOrder(ctx.org, b.customer, {
    orderDate: b.orderDate,
    pickupDate: b.pickupDate,
    returnDate: b.returnDate,
    rentalDays,
    currency,
    taxRate,
  });
  const desk = data.team[1]; // the rental desk books most orders
  Object.assign(order, totals(priced, taxRate), {
    status: b.status,
    createdBy: ref(rng.chance(0.7) ? desk : rng.pick(data.team)),
  });
  if (b.status === RentalOrderStatus.cancelled) order.cancelledAt = at(ctx, addDays(b.orderDate, 1), 11);
  if (b.status === RentalOrderStatus.completed) {
    order.completedAt = at(ctx, b.returnDate, 17);
    b.customer.lifetimeOrderValue = formatMoney(new Decimal(b.customer.lifetimeOrderValue).plus(order.total));
  }
  place(ctx, order, 'order', n, at(ctx, b.orderDate, rng.int(7, 16)));
  data.orderLines.set(
    order,
    priced.map((line, position) =>
      place(
        ctx,
        RentalOrderLine.priced(ctx.org, order, line, rentalDays, position),
        'order-line',
        `${n}:${position}`,
        order.createdAt,
      ),
    ),
  );
  return order;
}
