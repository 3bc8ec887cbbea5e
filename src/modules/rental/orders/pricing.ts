import Decimal from 'decimal.js';
import { formatMoney } from '../../../lib/money';
import { priceRental, Price, PricingContext } from '../inventory/quote-engine';
import type { InventoryItem } from '../inventory/inventory-item.entity';
import { ApplicableRules, NO_RULES } from '../inventory/pricing-rules';

export interface PricedLine {
  item: InventoryItem;
  quantity: number;
  price: Price;
  /** The pricing rules the line was priced with (kept on an order line; docs/rental.md, "Pricing rules"). */
  rules?: ApplicableRules | null;
}

export interface Totals {
  subtotal: string;
  tax: string;
  total: string;
}

/**
 * One line priced by the quote engine: the cheapest cover of the rental days, times the quantity. `context` (the
 * pickup day and the rules that apply to the line) adds the pricing rules; without it, the item's rates alone.
 */
export function priceLine(
  item: InventoryItem,
  quantity: number,
  rentalDays: number,
  context?: PricingContext,
): PricedLine {
  return {
    item,
    quantity,
    price: priceRental(
      rentalDays,
      quantity,
      { daily: item.dailyRate, weekly: item.weeklyRate, monthly: item.monthlyRate },
      context,
    ),
    rules: context?.rules ?? null,
  };
}

/** subtotal = sum of line totals; tax = subtotal x rate / 100 rounded half-up to cents; total = subtotal + tax. */
export function totals(lines: PricedLine[], taxRatePercent: string): Totals {
  const subtotal = lines.reduce((s, l) => s.plus(l.price.total), new Decimal(0));
  const tax = subtotal.times(taxRatePercent).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return { subtotal: formatMoney(subtotal), tax: formatMoney(tax), total: formatMoney(subtotal.plus(tax)) };
}

/**
 * What a line costs after early returns: the units it kept for the whole rental, each return for its own days (a
 * unit's price for those days x the units back). With `context`, its rules; volume tiers read the line's quantity.
 */
export function linePrice(
  item: InventoryItem,
  line: { quantity: number; quantityReturned: number; days: number },
  returns: { quantity: number; days: number }[],
  context?: PricingContext,
): { price: Price; amount: string } {
  const perUnit = context && { ...context, volumeQuantity: line.quantity };
  // the whole line's breakdown and discounts, as when it was booked; its unit price is the same for any quantity
  const price = priceLine(item, line.quantity, line.days, perUnit).price;
  const kept = new Decimal(price.unitPrice).times(line.quantity - line.quantityReturned);
  const back = returns.reduce(
    (s, r) => s.plus(new Decimal(priceLine(item, 1, r.days, perUnit).price.unitPrice).times(r.quantity)),
    new Decimal(0),
  );
  return { price, amount: formatMoney(kept.plus(back)) };
}

/** What an order line is re-priced with: the order's pickup day and the rules the line was priced with (or none). */
export function bookedContext(pickupDate: string, rules: ApplicableRules | null): PricingContext {
  return { startDate: pickupDate, rules: rules ?? NO_RULES };
}
