import Decimal from 'decimal.js';
import { addDays } from '../../../lib/calendar-days';
import { ApplicableRules, refOf, RuleRef } from './pricing-rules';

/** Period lengths (docs/rental.md): a day is 1 day, a week 7 days, a month 30 days. */
export type PeriodName = 'month' | 'week' | 'day';

export const PERIOD_DAYS: Readonly<Record<PeriodName, number>> = { month: 30, week: 7, day: 1 };

export interface Rates {
  daily: Decimal.Value;
  /** null or undefined: the item is not rented by the week. */
  weekly?: Decimal.Value | null;
  monthly?: Decimal.Value | null;
}

/** What the engine prices with besides the rates: the pickup day (day 0 of the cover) and the rules of the line. */
export interface PricingContext {
  /** YYYY-MM-DD: the first day of the rental; the periods of a cover follow each other from it. */
  startDate: string;
  rules: ApplicableRules;
  /** The quantity the volume tiers read (default: the priced quantity); an early return reads its line's. */
  volumeQuantity?: number;
}

/** The price of one period for one unit where it starts, and the rule that set it (null: the item's rate). */
export interface PeriodRate {
  rate: Decimal;
  rule: RuleRef | null;
}

const cents = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

const isWeekend = (day: string) => [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());

function baseRate(rates: Rates, rules: Pick<ApplicableRules, 'rateCard'>, p: PeriodName): PeriodRate | null {
  const card = rules.rateCard;
  const own = card && (p === 'day' ? card.dailyRate : p === 'week' ? card.weeklyRate : card.monthlyRate);
  if (card && own !== null && own !== undefined) return { rate: new Decimal(own), rule: refOf(card) };
  const v = p === 'day' ? rates.daily : p === 'week' ? rates.weekly : rates.monthly;
  return v === null || v === undefined ? null : { rate: new Decimal(v), rule: null };
}

/**
 * The rate of period `p` starting `offset` days after the pickup day, by ONE rule (docs/rental.md, "Which rule
 * prices a period"): the season its first day falls in (the base rate times its multiplier), else for a day period
 * on a Saturday or Sunday the weekend rule, else the customer's rate card, else the item's rate. null: the period
 * is not offered (no rate for it). Rounded half-up to cents per period.
 */
export function periodRate(rates: Rates, p: PeriodName, offset: number, ctx?: PricingContext): PeriodRate | null {
  const base = baseRate(rates, ctx?.rules ?? { rateCard: null }, p);
  if (!base || !ctx) return base;
  const day = addDays(ctx.startDate, offset);
  const season = ctx.rules.seasons.find((s) => s.startDate && s.endDate && s.startDate <= day && day <= s.endDate);
  if (season?.multiplier) return { rate: cents(base.rate.times(season.multiplier)), rule: refOf(season) };
  const weekend = ctx.rules.weekend;
  if (p === 'day' && weekend && isWeekend(day)) {
    if (weekend.dayRate !== null) return { rate: new Decimal(weekend.dayRate), rule: refOf(weekend) };
    if (weekend.multiplier) return { rate: cents(base.rate.times(weekend.multiplier)), rule: refOf(weekend) };
  }
  return base;
}

export interface PriceDiscount {
  rule: RuleRef;
  percent: string;
  /** Off the whole line: the discount of one unit (rounded half-up to cents) x quantity. */
  amount: string;
}

/**
 * The discounts of one unit's price, in order: the volume tier its quantity reaches, then the customer's discount
 * on what remains; each rounded half-up to cents per unit. Answers the unit price after them and the discounts.
 */
export function discountUnit(
  unit: Decimal,
  quantity: number,
  ctx?: PricingContext,
): { unit: Decimal; discounts: PriceDiscount[] } {
  const discounts: PriceDiscount[] = [];
  const take = (rule: RuleRef, percent: string) => {
    const off = cents(unit.times(percent).dividedBy(100));
    unit = unit.minus(off);
    discounts.push({
      rule: refOf(rule),
      percent: new Decimal(percent).toFixed(2),
      amount: off.times(quantity).toFixed(2),
    });
  };
  const volume = ctx?.rules.volume;
  const counted = ctx?.volumeQuantity ?? quantity;
  const tier = volume?.tiers?.filter((t) => t.minQuantity <= counted).sort((a, b) => b.minQuantity - a.minQuantity)[0];
  if (volume && tier) take(volume, tier.percent);
  const discount = ctx?.rules.discount;
  if (discount?.percent) take(discount, discount.percent);
  return { unit, discounts };
}
