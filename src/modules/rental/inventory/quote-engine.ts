import Decimal from 'decimal.js';
import { formatMoney } from '../../../lib/money';
import type { RuleRef } from './pricing-rules';
import {
  discountUnit,
  PERIOD_DAYS,
  PeriodName,
  periodRate,
  PriceDiscount,
  PricingContext,
  Rates,
} from './period-rates';

export { PERIOD_DAYS };
export type { PeriodName, PriceDiscount, PricingContext, Rates };

/**
 * The quote engine, a pure function. Period lengths (docs/rental.md): a day is 1 day, a week 7 days, a month 30 days.
 * A rental of N days is priced with the CHEAPEST sequence of months, weeks and days laid one after the other from the
 * pickup day that covers at least N days (N raised to a minimum rental period when a rule sets one); the cover may be
 * longer than the rental when that is cheaper. A period's price may depend on the day it starts (seasons, weekend
 * days: period-rates.ts), so it is solved exactly by dynamic programming over the day a period starts:
 * best(i) = min over periods p of rate(p, i) + best(min(N, i + length(p))), best(N) = 0. Ties go to the cover with
 * fewer periods, then to the longer period first, so equal prices always give the same breakdown. Percent discounts
 * come after the cover (they never change which cover is cheapest: a unit price after them never falls when the
 * price before them rises).
 */
const PERIODS: PeriodName[] = ['month', 'week', 'day'];

export interface QuoteLine {
  period: PeriodName;
  /** Periods of this kind, at this rate, priced by this rule, in the cover. */
  count: number;
  /** Days these periods cover (count x period length). */
  days: number;
  /** Rate of one period for one unit. */
  rate: string;
  /** rate x count x quantity. */
  amount: string;
  /** The rule that priced these periods (season, weekend, rate card); null: the item's own rate. */
  rule: RuleRef | null;
}

export interface Price {
  rentalDays: number;
  /** Days the chosen periods cover: rentalDays (or the minimum period) or more. */
  billedDays: number;
  quantity: number;
  lines: QuoteLine[];
  /** Percent discounts after the cover (volume, then the customer's); Σ lines − Σ discounts = total. */
  discounts: PriceDiscount[];
  /** The minimum rental period that raised the days priced, or null. */
  minimum: { days: number; rule: RuleRef } | null;
  /** Price of one unit for the whole rental, after discounts. */
  unitPrice: string;
  /** unitPrice x quantity. */
  total: string;
}

interface Step {
  cost: Decimal;
  periods: number;
  choice: { p: PeriodName; rate: Decimal; rule: RuleRef | null } | null;
}

function cheapestCover(days: number, rates: Rates, ctx?: PricingContext): Step[] {
  const best: Step[] = [];
  best[days] = { cost: new Decimal(0), periods: 0, choice: null };
  for (let i = days - 1; i >= 0; i--) {
    let step: Step | null = null;
    for (const p of PERIODS) {
      const priced = periodRate(rates, p, i, ctx);
      if (!priced) continue;
      const next = best[Math.min(days, i + PERIOD_DAYS[p])];
      const cost = next.cost.plus(priced.rate);
      const periods = next.periods + 1;
      if (!step || cost.lt(step.cost) || (cost.eq(step.cost) && periods < step.periods))
        step = { cost, periods, choice: { p, ...priced } };
    }
    if (!step) throw new RangeError('rates.daily is required'); // the daily rate prices every day
    best[i] = step;
  }
  return best;
}

export function priceRental(rentalDays: number, quantity: number, rates: Rates, context?: PricingContext): Price {
  if (!Number.isInteger(rentalDays) || rentalDays < 1) throw new RangeError('rentalDays must be a positive integer');
  if (!Number.isInteger(quantity) || quantity < 1) throw new RangeError('quantity must be a positive integer');
  const min = context?.rules.minimum;
  const raised = min?.minimumDays && min.minimumDays > rentalDays ? min.minimumDays : null;
  const days = raised ?? rentalDays;
  const best = cheapestCover(days, rates, context);

  const lines: (QuoteLine & { at: number; value: Decimal })[] = [];
  for (let i = 0; i < days;) {
    const choice = best[i].choice;
    if (!choice) throw new Error(`priceRental: no period chosen at day ${i}`); // set for every i < days above
    const same = lines.find((l) => l.period === choice.p && l.value.eq(choice.rate) && l.rule?.id === choice.rule?.id);
    if (same) same.count++;
    else
      lines.push({
        period: choice.p,
        count: 1,
        days: 0,
        rate: '',
        amount: '',
        rule: choice.rule,
        at: i,
        value: choice.rate,
      });
    i += PERIOD_DAYS[choice.p];
  }
  const cover = best[0].cost;
  const { unit, discounts } = discountUnit(cover, quantity, context);
  return {
    rentalDays,
    billedDays: lines.reduce((n, l) => n + l.count * PERIOD_DAYS[l.period], 0),
    quantity,
    lines: lines
      .sort((a, b) => PERIODS.indexOf(a.period) - PERIODS.indexOf(b.period) || a.at - b.at)
      .map(({ period, count, value, rule }) => ({
        period,
        count,
        days: count * PERIOD_DAYS[period],
        rate: formatMoney(value),
        amount: formatMoney(value.times(count).times(quantity)),
        rule,
      })),
    discounts,
    minimum: raised && min ? { days: raised, rule: { id: min.id, name: min.name, kind: min.kind } } : null,
    unitPrice: formatMoney(unit),
    total: formatMoney(unit.times(quantity)),
  };
}
