import Decimal from 'decimal.js';
import { formatMoney } from '../../../lib/money';
import { priceRental, Price } from '../inventory/quote-engine';
import type { InventoryItem } from '../inventory/inventory-item.entity';

export interface PricedLine {
  item: InventoryItem;
  quantity: number;
  price: Price;
}

export interface Totals {
  subtotal: string;
  tax: string;
  total: string;
}

/** One line priced by the quote engine: the cheapest cover of the rental days, times the quantity. */
export function priceLine(item: InventoryItem, quantity: number, rentalDays: number): PricedLine {
  return {
    item,
    quantity,
    price: priceRental(rentalDays, quantity, {
      daily: item.dailyRate,
      weekly: item.weeklyRate,
      monthly: item.monthlyRate,
    }),
  };
}

/** subtotal = sum of line totals; tax = subtotal x rate / 100 rounded half-up to cents; total = subtotal + tax. */
export function totals(lines: PricedLine[], taxRatePercent: string): Totals {
  const subtotal = lines.reduce((s, l) => s.plus(l.price.total), new Decimal(0));
  const tax = subtotal.times(taxRatePercent).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return { subtotal: formatMoney(subtotal), tax: formatMoney(tax), total: formatMoney(subtotal.plus(tax)) };
}

/** What a line costs after early returns: the units it kept for the whole rental, each return for its own days. */
export function linePrice(
  item: InventoryItem,
  line: { quantity: number; quantityReturned: number; days: number },
  returns: { quantity: number; days: number }[],
): { price: Price; amount: string } {
  const price = priceLine(item, 1, line.days).price;
  const kept = new Decimal(price.unitPrice).times(line.quantity - line.quantityReturned);
  const back = returns.reduce((s, r) => s.plus(priceLine(item, r.quantity, r.days).price.total), new Decimal(0));
  return { price, amount: formatMoney(kept.plus(back)) };
}
