import Decimal from 'decimal.js';
import { formatMoney } from '../../../lib/money';

/**
 * The quote engine, a pure function. Period lengths (docs/rental.md): a day is 1 day, a week 7 days,
 * a month 30 days. A rental of N days is priced with the CHEAPEST combination of months, weeks and days
 * that covers at least N days; the cover may be longer than the rental when that is cheaper (6 days at
 * a weekly rate below 6 daily rates is one week). Solved exactly by dynamic programming over the days:
 * best(n) = min over periods p of rate(p) + best(max(0, n - length(p))). Ties go to the cover with
 * fewer periods, then to the longer period, so equal prices always give the same breakdown.
 */
export type PeriodName = 'month' | 'week' | 'day';

export const PERIOD_DAYS: Readonly<Record<PeriodName, number>> = { month: 30, week: 7, day: 1 };

/** Longest period first: the order of the breakdown and of tie-breaking. */
const PERIODS: PeriodName[] = ['month', 'week', 'day'];

export interface Rates {
  daily: Decimal.Value;
  /** null or undefined: the item is not rented by the week. */
  weekly?: Decimal.Value | null;
  monthly?: Decimal.Value | null;
}

export interface QuoteLine {
  period: PeriodName;
  /** Periods of this kind in the cover. */
  count: number;
  /** Days these periods cover (count x period length). */
  days: number;
  /** Rate of one period for one unit. */
  rate: string;
  /** rate x count x quantity. */
  amount: string;
}

export interface Price {
  rentalDays: number;
  /** Days the chosen periods cover: rentalDays or more. */
  billedDays: number;
  quantity: number;
  lines: QuoteLine[];
  /** Price of one unit for the whole rental. */
  unitPrice: string;
  /** unitPrice x quantity. */
  total: string;
}

interface Step {
  cost: Decimal;
  periods: number;
  choice: PeriodName | null;
}

function rateOf(rates: Rates, p: PeriodName): Decimal | null {
  const v = p === 'day' ? rates.daily : p === 'week' ? rates.weekly : rates.monthly;
  return v === null || v === undefined ? null : new Decimal(v);
}

export function priceRental(rentalDays: number, quantity: number, rates: Rates): Price {
  if (!Number.isInteger(rentalDays) || rentalDays < 1) throw new RangeError('rentalDays must be a positive integer');
  if (!Number.isInteger(quantity) || quantity < 1) throw new RangeError('quantity must be a positive integer');
  const offered = PERIODS.map((p) => ({ p, len: PERIOD_DAYS[p], rate: rateOf(rates, p) })).filter(
    (o): o is { p: PeriodName; len: number; rate: Decimal } => o.rate !== null,
  );

  const best: Step[] = [{ cost: new Decimal(0), periods: 0, choice: null }];
  for (let n = 1; n <= rentalDays; n++) {
    let step: Step | null = null;
    for (const { p, len, rate } of offered) {
      const prev = best[Math.max(0, n - len)];
      const cost = prev.cost.plus(rate);
      const periods = prev.periods + 1;
      if (!step || cost.lt(step.cost) || (cost.eq(step.cost) && periods < step.periods))
        step = { cost, periods, choice: p };
    }
    if (!step) throw new RangeError('rates.daily is required'); // the daily rate prices every day count
    best.push(step);
  }

  const counts: Record<PeriodName, number> = { month: 0, week: 0, day: 0 };
  for (let n = rentalDays; n > 0;) {
    const choice = best[n].choice; // set for every n >= 1 by the loop above
    if (!choice) throw new Error(`priceRental: no period chosen for ${n} days`);
    counts[choice]++;
    n = Math.max(0, n - PERIOD_DAYS[choice]);
  }

  const lines = offered
    .filter(({ p }) => counts[p] > 0)
    .map(({ p, len, rate }) => ({
      period: p,
      count: counts[p],
      days: counts[p] * len,
      rate: formatMoney(rate),
      amount: formatMoney(rate.times(counts[p]).times(quantity)),
    }));
  const unit = best[rentalDays].cost;
  return {
    rentalDays,
    billedDays: lines.reduce((n, l) => n + l.days, 0),
    quantity,
    lines,
    unitPrice: formatMoney(unit),
    total: formatMoney(unit.times(quantity)),
  };
}
