/**
 * Pricing rules as data (docs/rental.md, "Pricing rules"): what each kind holds and which of an organization's rules
 * apply to one line (an item, for a customer). Pure: the quote engine reads the selection, the services load the
 * rules and the order lines keep the selection they were priced with.
 */
export enum PricingRuleKind {
  weekend = 'weekend',
  season = 'season',
  minimum_period = 'minimum_period',
  rate_card = 'rate_card',
  customer_discount = 'customer_discount',
  volume_discount = 'volume_discount',
}

/** The kinds a customer's rule is (it names `customerId`); the others apply to every customer. */
export const CUSTOMER_KINDS: ReadonlySet<PricingRuleKind> = new Set([
  PricingRuleKind.rate_card,
  PricingRuleKind.customer_discount,
]);

/** What a priced line or discount names: the rule that priced it. */
export interface RuleRef {
  id: string;
  name: string;
  kind: PricingRuleKind;
}

export interface VolumeTier {
  minQuantity: number;
  percent: string;
}

/** One rule as the engine reads it: the scope (item, category or all), and the fields its kind uses (others null). */
export interface PricingRuleData extends RuleRef {
  itemId: string | null;
  category: string | null;
  customerId: string | null;
  /** weekend, season: the rate times this (e.g. "0.5", "1.25"). */
  multiplier: string | null;
  /** weekend: a fixed rate for a Saturday or Sunday day instead of a multiplier. */
  dayRate: string | null;
  /** season: the first and last day, inclusive. */
  startDate: string | null;
  endDate: string | null;
  /** minimum_period: a rental is billed at least this many days. */
  minimumDays: number | null;
  /** rate_card: the customer's rates; null falls back to the item's rate of that period. */
  dailyRate: string | null;
  weeklyRate: string | null;
  monthlyRate: string | null;
  /** customer_discount: percent off. */
  percent: string | null;
  /** volume_discount: the highest tier the line's quantity reaches applies. */
  tiers: VolumeTier[] | null;
}

/** The rules that apply to one line, one per kind (the most specific), seasons most specific first. */
export interface ApplicableRules {
  weekend: PricingRuleData | null;
  seasons: PricingRuleData[];
  minimum: PricingRuleData | null;
  rateCard: PricingRuleData | null;
  volume: PricingRuleData | null;
  discount: PricingRuleData | null;
}

export const NO_RULES: ApplicableRules = Object.freeze({
  weekend: null,
  seasons: [],
  minimum: null,
  rateCard: null,
  volume: null,
  discount: null,
}) as ApplicableRules;

export interface PricingTarget {
  itemId: string;
  category: string | null;
  customerId: string | null;
}

/** 2: the item, 1: its category, 0: every item, -1: not this item. */
export function specificity(rule: Pick<PricingRuleData, 'itemId' | 'category'>, target: PricingTarget): number {
  if (rule.itemId) return rule.itemId === target.itemId ? 2 : -1;
  if (rule.category) return rule.category === target.category ? 1 : -1;
  return 0;
}

export const refOf = (rule: RuleRef): RuleRef => ({ id: rule.id, name: rule.name, kind: rule.kind });

/**
 * The rules of an organization that apply to `target`: a customer's kinds only for that customer; of each kind
 * the most specific scope (item, then category, then every item; equal scopes of one kind are refused when written,
 * the id decides otherwise); every season that applies, the most specific first (a day takes the first it falls in).
 */
export function selectRules(rules: readonly PricingRuleData[], target: PricingTarget): ApplicableRules {
  const scored = rules
    .filter((r) => !CUSTOMER_KINDS.has(r.kind) || (r.customerId !== null && r.customerId === target.customerId))
    .map((rule) => ({ rule, score: specificity(rule, target) }))
    .filter((s) => s.score >= 0)
    .sort((a, b) => b.score - a.score || a.rule.id.localeCompare(b.rule.id));
  const of = (kind: PricingRuleKind) => scored.filter((s) => s.rule.kind === kind).map((s) => s.rule);
  return {
    weekend: of(PricingRuleKind.weekend)[0] ?? null,
    seasons: of(PricingRuleKind.season),
    minimum: of(PricingRuleKind.minimum_period)[0] ?? null,
    rateCard: of(PricingRuleKind.rate_card)[0] ?? null,
    volume: of(PricingRuleKind.volume_discount)[0] ?? null,
    discount: of(PricingRuleKind.customer_discount)[0] ?? null,
  };
}
