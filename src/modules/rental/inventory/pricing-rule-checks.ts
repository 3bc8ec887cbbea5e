import Decimal from 'decimal.js';
import type { FieldError } from '../../../lib/errors';
import { daysInclusive } from '../../../lib/calendar-days';
import { formatMoney } from '../../../lib/money';
import { CUSTOMER_KINDS, PricingRuleData, PricingRuleKind } from './pricing-rules';

/** The longest season, in days (a year, leap day included). */
export const MAX_SEASON_DAYS = 366;
export const MAX_MULTIPLIER = 10;

export type KindField = Exclude<keyof PricingRuleData, 'id' | 'name' | 'kind' | 'itemId' | 'category'>;

/** The fields each kind uses: required ones first, then optional. Every other field must be null. */
const FIELDS: Record<PricingRuleKind, { required: KindField[]; optional: KindField[] }> = {
  weekend: { required: [], optional: ['multiplier', 'dayRate'] },
  season: { required: ['startDate', 'endDate', 'multiplier'], optional: [] },
  minimum_period: { required: ['minimumDays'], optional: [] },
  rate_card: { required: ['customerId', 'dailyRate'], optional: ['weeklyRate', 'monthlyRate'] },
  customer_discount: { required: ['customerId', 'percent'], optional: [] },
  volume_discount: { required: ['tiers'], optional: [] },
};
/** The fields a kind may use (every rule also has its name, kind, active and scope). */
export const KIND_FIELDS: readonly KindField[] = [
  'customerId',
  'multiplier',
  'dayRate',
  'startDate',
  'endDate',
  'minimumDays',
  'dailyRate',
  'weeklyRate',
  'monthlyRate',
  'percent',
  'tiers',
];

/** Money, multipliers and percents in their stored form ("1.5" -> "1.500"), tiers by quantity. */
export function normalizeRule(rule: PricingRuleData): PricingRuleData {
  const fixed = (v: string | null, places: number) => (v === null ? null : new Decimal(v).toFixed(places));
  return {
    ...rule,
    name: rule.name.trim(),
    category: rule.category?.trim() || null,
    multiplier: fixed(rule.multiplier, 3),
    percent: fixed(rule.percent, 2),
    dayRate: rule.dayRate === null ? null : formatMoney(rule.dayRate),
    dailyRate: rule.dailyRate === null ? null : formatMoney(rule.dailyRate),
    weeklyRate: rule.weeklyRate === null ? null : formatMoney(rule.weeklyRate),
    monthlyRate: rule.monthlyRate === null ? null : formatMoney(rule.monthlyRate),
    tiers:
      rule.tiers
        ?.map((t) => ({ minQuantity: t.minQuantity, percent: new Decimal(t.percent).toFixed(2) }))
        .sort((a, b) => a.minQuantity - b.minQuantity) ?? null,
  };
}

const positiveUpTo = (value: string, max: number) => new Decimal(value).gt(0) && new Decimal(value).lte(max);

/** What is wrong with a rule on its own (docs/rental.md, "Pricing rules"): the fields of its kind, the ranges. */
export function ruleErrors(rule: PricingRuleData): FieldError[] {
  const errors: FieldError[] = [];
  const { required, optional } = FIELDS[rule.kind];
  for (const f of required) if (rule[f] === null) errors.push({ field: f, message: `a ${rule.kind} rule needs ${f}` });
  for (const f of KIND_FIELDS)
    if (!required.includes(f) && !optional.includes(f) && rule[f] !== null)
      errors.push({ field: f, message: `${f} is not a field of a ${rule.kind} rule` });
  if (rule.itemId && rule.category)
    errors.push({ field: 'category', message: 'scope a rule to an item (itemId) or a category, not both' });
  if (rule.kind === PricingRuleKind.weekend && (rule.multiplier === null) === (rule.dayRate === null))
    errors.push({ field: 'multiplier', message: 'a weekend rule has either a multiplier or a dayRate' });
  if (rule.multiplier !== null && !positiveUpTo(rule.multiplier, MAX_MULTIPLIER))
    errors.push({ field: 'multiplier', message: `multiplier must be more than 0 and at most ${MAX_MULTIPLIER}` });
  if (rule.percent !== null && !positiveUpTo(rule.percent, 100))
    errors.push({ field: 'percent', message: 'percent must be more than 0 and at most 100' });
  rule.tiers?.forEach((t, i) => {
    if (!positiveUpTo(t.percent, 100))
      errors.push({ field: `tiers.${i}.percent`, message: 'percent must be more than 0 and at most 100' });
    if (rule.tiers?.findIndex((o) => o.minQuantity === t.minQuantity) !== i)
      errors.push({ field: `tiers.${i}.minQuantity`, message: `minQuantity ${t.minQuantity} is listed twice` });
  });
  if (rule.startDate && rule.endDate) {
    if (rule.endDate < rule.startDate)
      errors.push({ field: 'endDate', message: 'endDate must not be before startDate' });
    else if (daysInclusive(rule.startDate, rule.endDate) > MAX_SEASON_DAYS)
      errors.push({ field: 'endDate', message: `a season lasts at most ${MAX_SEASON_DAYS} days` });
  }
  return errors;
}

const sameScope = (a: PricingRuleData, b: PricingRuleData) =>
  a.kind === b.kind &&
  a.itemId === b.itemId &&
  (a.category ?? null) === (b.category ?? null) &&
  (!CUSTOMER_KINDS.has(a.kind) || a.customerId === b.customerId);

/**
 * Two active rules that would price the same thing (docs/rental.md, "Which rules apply to a line"): seasons of one scope
 * whose dates overlap, or a second rule of another kind for the same scope (and customer). One error per clash.
 */
export function clashes(rule: PricingRuleData, others: PricingRuleData[]): FieldError[] {
  return others
    .filter((o) => o.id !== rule.id && sameScope(rule, o))
    .flatMap((o): FieldError[] => {
      if (rule.kind !== PricingRuleKind.season)
        return [{ field: 'kind', message: `the ${rule.kind} rule ${o.name} already applies to this scope` }];
      // seasons of one scope may follow each other but not overlap
      const { startDate: s, endDate: e } = rule;
      if (!s || !e || !o.startDate || !o.endDate || e < o.startDate || o.endDate < s) return [];
      return [{ field: 'startDate', message: `overlaps the season ${o.name} (${o.startDate}..${o.endDate})` }];
    });
}
