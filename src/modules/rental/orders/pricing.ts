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
