import Decimal from 'decimal.js';
import { daysInclusive } from '../../../lib/calendar-days';
import { formatMoney } from '../../../lib/money';

/**
 * Late charges (docs/rental.md, "Overdue and late charges"), a pure function of an order's lines, its return date,
 * the organization's today and its policy. A unit is late on every day after the return date until the day it came
 * back (that day included), or through today while it is still out; the first `graceDays` late days are free. Each
 * late day costs the policy's rate, or the line's daily rate without one:
 *   charge of a line = Σ over its late units of (late days − grace, at least 0) × rate.
 * A unit returned on or before the return date is never late.
 */
export interface LatePolicy {
  enabled: boolean;
  graceDays: number;
  /** Per unit and day; null: the line's daily rate. */
  ratePerDay: string | null;
}

export interface LateLineInput {
  lineId: string;
  itemNumber: string;
  itemName: string;
  /** The item's daily rate. */
  dailyRate: string;
  quantityOut: number;
  /** Units that came back (check-ins, not swaps: a swapped unit was replaced, the line stayed out). */
  returns: { quantity: number; returnedOn: string }[];
}

export interface LateChargeLine {
  lineId: string;
  itemNumber: string;
  itemName: string;
  /** Units that were or are late. */
  quantity: number;
  /** Units still out and late. */
  quantityOut: number;
  /** Chargeable days of the unit late longest (late days − grace). */
  days: number;
  /** Σ chargeable days over the late units. */
  unitDays: number;
  rate: string;
  amount: string;
}

/** Days after `returnDate` through `day` (0 when `day` is not after it). */
export function daysLate(returnDate: string, day: string): number {
  return Math.max(0, daysInclusive(returnDate, day) - 1);
}

/** The late charge of each line with a chargeable day, in the order of `lines`; none when the policy is off. */
export function lateCharges(
  lines: LateLineInput[],
  returnDate: string,
  today: string,
  policy: LatePolicy,
): LateChargeLine[] {
  if (!policy.enabled) return [];
  const chargeable = (day: string) => Math.max(0, daysLate(returnDate, day) - policy.graceDays);
  const charges: LateChargeLine[] = [];
  for (const line of lines) {
    const back = line.returns.reduce((n, r) => n + r.quantity, 0);
    const stillOut = Math.max(0, line.quantityOut - back);
    const spans = [
      ...line.returns.map((r) => ({ quantity: r.quantity, days: chargeable(r.returnedOn) })),
      { quantity: stillOut, days: chargeable(today) },
    ].filter((s) => s.quantity > 0 && s.days > 0);
    if (!spans.length) continue;
    const rate = policy.ratePerDay ?? line.dailyRate;
    const unitDays = spans.reduce((n, s) => n + s.quantity * s.days, 0);
    charges.push({
      lineId: line.lineId,
      itemNumber: line.itemNumber,
      itemName: line.itemName,
      quantity: spans.reduce((n, s) => n + s.quantity, 0),
      quantityOut: chargeable(today) > 0 ? stillOut : 0,
      days: Math.max(...spans.map((s) => s.days)),
      unitDays,
      rate: formatMoney(rate),
      amount: formatMoney(new Decimal(rate).times(unitDays)),
    });
  }
  return charges;
}

/** Σ of the charges' amounts. */
export function lateChargesTotal(charges: LateChargeLine[]): string {
  return formatMoney(charges.reduce((sum, c) => sum.plus(c.amount), new Decimal(0)));
}
