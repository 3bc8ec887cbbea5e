import { ref } from '@mikro-orm/core';
import { addDays, daysInclusive } from '../lib/calendar-days';
import type { Customer } from '../modules/crm/customers/customer.entity';
import { InventoryStatus } from '../modules/rental/inventory/inventory-item.entity';
import { RentalOrderStatus, type RentalOrder } from '../modules/rental/orders/rental-order.entity';
import { buildVersion, type QuotedLine } from '../modules/rental/quotes/quote-writer';
import { DeliveryMethod } from '../modules/rental/quotes/rental-quote-version.entity';
import { RentalQuote, RentalQuoteStatus } from '../modules/rental/quotes/rental-quote.entity';
import { at, dayOf, DemoContext, place } from './demo-context';
import { RENTAL_SETTINGS } from './inventory';
import { CHARGES_SETTINGS } from './deposits';
import { DepositPolicy } from '../modules/rental/orders/rental-settings.entity';

/** The demo's rental settings with its charges (waiver, fees, deposit): its open quotes are priced with them. */
const QUOTE_SETTINGS = { ...RENTAL_SETTINGS, ...CHARGES_SETTINGS, depositAmount: null };
/**
 * What the demo's orders were priced with (src/demo/orders.ts: the rate, the pricing rules and one tax rate, no
 * charges beyond the rate): the quotes they were booked from are priced the same, so each has its order's total.
 */
const BOOKED_SETTINGS = {
  ...QUOTE_SETTINGS,
  depositPolicy: DepositPolicy.none,
  waiverPercent: '0.000',
  deliveryFee: null,
  pickupFee: null,
  deliveryZones: [],
};

/** What one demo quote is: its customer, days, lines, validity, outcome and (accepted, converted) order. */
interface QuoteStory {
  customer: Customer;
  pickupDate: string;
  returnDate: string;
  lines: QuotedLine[];
  writtenOn: string;
  validUntil: string;
  status: RentalQuoteStatus;
  order?: RentalOrder;
  /** An earlier version: the same lines for fewer days (the customer asked for more). */
  revised?: boolean;
}

const ADDRESSES = ['4100 Onion Creek Pkwy', '2201 E Riverside Dr', '9800 N Lamar Blvd', '1500 S Congress Ave'];

/**
 * Stored quotes (docs/rental.md, "Stored quotes"): quotes the customers accepted through their link (each the origin
 * of a reservation ahead, its acceptance recorded), two a member converted, open ones sent and still valid, expired
 * ones never answered and declined ones. Priced by the quote writer's own builder, as the API prices them.
 */
export function seedQuotes(ctx: DemoContext): void {
  const { rng, data } = ctx;
  const ahead = data.orders.filter(
    (o) => o.status === RentalOrderStatus.pending && o.pickupDate > ctx.today && !data.stories.has(o),
  );
  const active = data.items.filter((i) => i.status === InventoryStatus.active);
  const fromOrder = (order: RentalOrder, status: RentalQuoteStatus, revised = false): QuoteStory => ({
    customer: order.customer.getEntity(),
    pickupDate: order.pickupDate,
    returnDate: order.returnDate,
    lines: (data.orderLines.get(order) ?? []).map((l) => ({
      item: l.item.getEntity(),
      unit: null,
      quantity: l.quantity,
    })),
    writtenOn: addDays(order.orderDate, -3),
    validUntil: addDays(order.orderDate, 11),
    status,
    order,
    revised,
  });
  const fresh = (status: RentalQuoteStatus, writtenAgo: number, validFor: number, startIn: number): QuoteStory => {
    const pickupDate = dayOf(ctx, startIn);
    return {
      customer: rng.pick(data.customers),
      pickupDate,
      returnDate: addDays(pickupDate, rng.pick([2, 6, 13, 27])),
      lines: [rng.pick(active), rng.pick(active)]
        .filter((item, i, all) => all.indexOf(item) === i)
        .map((item) => ({ item, unit: null, quantity: rng.int(1, Math.max(1, Math.min(3, item.quantityOwned))) })),
      writtenOn: dayOf(ctx, -writtenAgo),
      validUntil: dayOf(ctx, validFor - writtenAgo),
      status,
    };
  };
  const longer = ahead.slice(0, 6).find((o) => o.rentalDays > 1); // its first version had one day less
  const named = fresh(RentalQuoteStatus.sent, 3, 30, 12);
  const [machine, units] = [...data.units.entries()][0] ?? [];
  if (machine && units?.length) named.lines.push({ item: machine, unit: units[0], quantity: 1 }); // the customer asked for that machine
  const stories: QuoteStory[] = [
    ...ahead.slice(0, 6).map((o) => fromOrder(o, RentalQuoteStatus.accepted, o === longer)),
    ...ahead.slice(6, 8).map((o) => fromOrder(o, RentalQuoteStatus.converted)),
    named,
    fresh(RentalQuoteStatus.sent, 8, 21, 20),
    fresh(RentalQuoteStatus.draft, 0, 30, 35),
    fresh(RentalQuoteStatus.sent, 45, 14, -20), // expired: valid until 31 days ago, never answered
    fresh(RentalQuoteStatus.sent, 30, 14, 5), // expired 16 days ago; the job would start in 5 days
    fresh(RentalQuoteStatus.sent, 20, 14, 10), // expired 6 days ago
    fresh(RentalQuoteStatus.declined, 25, 30, 15),
    fresh(RentalQuoteStatus.declined, 60, 30, -30),
  ];
  stories.forEach((s, n) => seedQuote(ctx, s, n));
}

function seedQuote(ctx: DemoContext, s: QuoteStory, n: number): void {
  const { rng, data } = ctx;
  const rep = rng.pick(data.sales);
  const written = at(ctx, s.writtenOn, rng.int(8, 16));
  const quote = place(
    ctx,
    new RentalQuote(ctx.org, s.customer, { validUntil: s.validUntil, total: '0.00' }),
    'rental-quote',
    n,
    written,
  );
  quote.createdBy = ref(rep);
  const delivery = rng.chance(0.5);
  const terms = {
    validUntil: s.validUntil,
    deliveryMethod: delivery ? DeliveryMethod.delivery : DeliveryMethod.pickup,
    deliveryAddress: delivery ? `${rng.pick(ADDRESSES)}, Austin TX` : null,
    notes: null,
  };
  const versions = s.revised ? [addDays(s.returnDate, -1), s.returnDate] : [s.returnDate];
  const built = versions.map((returnDate, i) => {
    const rentalDays = daysInclusive(s.pickupDate, returnDate);
    const v = buildVersion(
      ctx.org,
      quote,
      { ...terms, pickupDate: s.pickupDate, returnDate, rentalDays },
      s.lines,
      {
        settings: s.order ? BOOKED_SETTINGS : QUOTE_SETTINGS,
        rules: ctx.data.pricingRules,
        overdue: false,
        today: addDays(s.writtenOn, i),
      },
      i + 1,
    );
    v.version.createdBy = ref(rep);
    place(ctx, v.version, 'rental-quote-version', `${n}:${i + 1}`, at(ctx, addDays(s.writtenOn, i), 17));
    v.lines.forEach((l, p) => place(ctx, l, 'rental-quote-line', `${n}:${i + 1}:${p}`, v.version.createdAt));
    return v.version;
  });
  const current = built[built.length - 1];
  if (s.status !== RentalQuoteStatus.draft)
    Object.assign(quote, { sentAt: at(ctx, s.writtenOn, 17), sentBy: ref(rep) });
  quote.status = s.status;
  const closed = s.order?.createdAt ?? at(ctx, addDays(s.writtenOn, 4), 10);
  if (s.order) Object.assign(quote, { order: ref(s.order), closedAt: closed });
  if (s.status === RentalQuoteStatus.declined) quote.declinedAt = closed;
  if (s.status === RentalQuoteStatus.accepted)
    quote.acceptance = {
      version: current.version,
      versionId: current.id,
      name: s.customer.name,
      consent: true,
      ip: `203.0.113.${10 + n}`,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1',
      acceptedAt: closed.toISOString(),
      contentHash: current.contentHash,
    };
  quote.updatedAt =
    s.status === RentalQuoteStatus.draft || s.status === RentalQuoteStatus.sent ? current.createdAt : closed;
}
