/**
 * The quote engine with pricing rules (docs/rental.md, "Pricing rules"): examples of each kind, and a seeded, bounded
 * property test against a brute-force pricer that enumerates EVERY sequence of periods covering the days.
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { priceRental, Rates } from '../src/modules/rental/inventory/quote-engine';
import {
  ApplicableRules,
  NO_RULES,
  PricingRuleData,
  PricingRuleKind,
  selectRules,
} from '../src/modules/rental/inventory/pricing-rules';

const STD: Rates = { daily: '100.00', weekly: '400.00', monthly: '1200.00' };

let ids = 0;
function rule(kind: PricingRuleKind, fields: Partial<PricingRuleData> = {}): PricingRuleData {
  ids++;
  return {
    id: `00000000-0000-4000-8000-${String(ids).padStart(12, '0')}`,
    name: `${kind} ${ids}`,
    kind,
    itemId: null,
    category: null,
    customerId: null,
    multiplier: null,
    dayRate: null,
    startDate: null,
    endDate: null,
    minimumDays: null,
    dailyRate: null,
    weeklyRate: null,
    monthlyRate: null,
    percent: null,
    tiers: null,
    ...fields,
  };
}
const ctx = (startDate: string, rules: Partial<ApplicableRules>) => ({ startDate, rules: { ...NO_RULES, ...rules } });
const summary = (p: ReturnType<typeof priceRental>) =>
  p.lines.map((l) => [l.period, l.count, l.rate, l.rule?.kind ?? null]);

describe('each kind of rule', () => {
  // 2026-07-03 is a Friday: Fri, Sat, Sun
  const weekendHalf = rule(PricingRuleKind.weekend, { multiplier: '0.5' });

  it('a weekend multiplier prices Saturday and Sunday day periods, and names itself on their line', () => {
    const p = priceRental(3, 2, STD, ctx('2026-07-03', { weekend: weekendHalf }));
    expect(summary(p)).toEqual([
      ['day', 1, '100.00', null],
      ['day', 2, '50.00', 'weekend'],
    ]);
    expect(p.total).toBe('400.00');
    expect(p.lines[1].rule).toEqual({ id: weekendHalf.id, name: weekendHalf.name, kind: 'weekend' });
  });

  it('a fixed weekend day rate replaces the daily rate; weeks are not weekend-priced', () => {
    const fixed = rule(PricingRuleKind.weekend, { dayRate: '10.00' });
    expect(priceRental(3, 1, STD, ctx('2026-07-03', { weekend: fixed })).total).toBe('120.00');
    // Mon..Sun: 5 x 100 + 2 x 10 = 520 > one week (400)
    expect(summary(priceRental(7, 1, STD, ctx('2026-07-06', { weekend: fixed })))).toEqual([
      ['week', 1, '400.00', null],
    ]);
  });

  it('a weekend day rate of 0.00 makes weekend days free (Booqable’s free days)', () => {
    const free = rule(PricingRuleKind.weekend, { dayRate: '0.00' });
    const p = priceRental(4, 1, { daily: '100.00' }, ctx('2026-07-03', { weekend: free }));
    expect([p.total, summary(p)]).toEqual([
      '200.00',
      [
        ['day', 2, '100.00', null],
        ['day', 2, '0.00', 'weekend'],
      ],
    ]);
  });

  it('a season multiplies the rate of each period by the season its first day falls in; it beats the weekend', () => {
    const high = rule(PricingRuleKind.season, { startDate: '2026-07-04', endDate: '2026-07-31', multiplier: '1.5' });
    const byWeek = { daily: '100.00', weekly: '600.00' };
    const p = priceRental(3, 1, byWeek, ctx('2026-07-03', { weekend: weekendHalf, seasons: [high] }));
    expect(summary(p)).toEqual([
      ['day', 1, '100.00', null],
      ['day', 2, '150.00', 'season'],
    ]);
    // 8 days from 07-03: a day at 100 then a week starting in the season at 900 (1000), or a week first at 600 and
    // a season day at 150 (750): the cheapest order wins
    expect(summary(priceRental(8, 1, byWeek, ctx('2026-07-03', { seasons: [high] })))).toEqual([
      ['week', 1, '600.00', null],
      ['day', 1, '150.00', 'season'],
    ]);
  });

  it('a minimum rental period bills at least its days and says so', () => {
    const min = rule(PricingRuleKind.minimum_period, { minimumDays: 3 });
    const p = priceRental(1, 1, STD, ctx('2026-07-06', { minimum: min }));
    expect([p.rentalDays, p.billedDays, p.total]).toEqual([1, 3, '300.00']);
    expect(p.minimum).toEqual({ days: 3, rule: { id: min.id, name: min.name, kind: 'minimum_period' } });
    expect(priceRental(4, 1, STD, ctx('2026-07-06', { minimum: min })).minimum).toBeNull();
  });

  it('a rate card replaces the rates it sets; the item’s rate stands for the others', () => {
    const card = rule(PricingRuleKind.rate_card, { dailyRate: '80.00', weeklyRate: null, monthlyRate: '900.00' });
    const p = priceRental(9, 1, STD, ctx('2026-07-06', { rateCard: card }));
    expect(summary(p)).toEqual([
      ['week', 1, '400.00', null],
      ['day', 2, '80.00', 'rate_card'],
    ]);
    expect(priceRental(25, 1, STD, ctx('2026-07-06', { rateCard: card })).total).toBe('900.00');
  });

  it('discounts: the volume tier the quantity reaches, then the customer’s percent on the rest, per unit', () => {
    const volume = rule(PricingRuleKind.volume_discount, {
      tiers: [
        { minQuantity: 5, percent: '5' },
        { minQuantity: 10, percent: '10' },
      ],
    });
    const loyal = rule(PricingRuleKind.customer_discount, { percent: '12.5' });
    const p = priceRental(3, 10, { daily: '33.33' }, ctx('2026-07-06', { volume, discount: loyal }));
    // 99.99 -> -10.00 (10 %) = 89.99 -> -11.25 (12.5 %, half-up) = 78.74 per unit
    expect(p.discounts).toEqual([
      { rule: { id: volume.id, name: volume.name, kind: 'volume_discount' }, percent: '10.00', amount: '100.00' },
      { rule: { id: loyal.id, name: loyal.name, kind: 'customer_discount' }, percent: '12.50', amount: '112.50' },
    ]);
    expect([p.unitPrice, p.total]).toEqual(['78.74', '787.40']);
    const lines = p.lines.reduce((s, l) => s.plus(l.amount), new Decimal(0));
    expect(lines.minus('212.50').toFixed(2)).toBe(p.total);
    // 4 units reach no tier; an early return reads its line's quantity instead
    expect(priceRental(3, 4, { daily: '33.33' }, ctx('2026-07-06', { volume })).discounts).toEqual([]);
    const back = priceRental(3, 1, { daily: '33.33' }, { ...ctx('2026-07-06', { volume }), volumeQuantity: 5 });
    expect(back.unitPrice).toBe('94.99');
  });
});

describe('selectRules', () => {
  const target = { itemId: 'item-1', category: 'Lifts', customerId: 'cust-1' };

  it('takes the most specific scope of each kind: the item, then its category, then every item', () => {
    const all = rule(PricingRuleKind.weekend, { multiplier: '0.9' });
    const cat = rule(PricingRuleKind.weekend, { category: 'Lifts', multiplier: '0.8' });
    const item = rule(PricingRuleKind.weekend, { itemId: 'item-1', multiplier: '0.7' });
    const other = rule(PricingRuleKind.weekend, { itemId: 'item-2', multiplier: '0.1' });
    expect(selectRules([all, cat, item, other], target).weekend?.id).toBe(item.id);
    expect(selectRules([all, cat, other], target).weekend?.id).toBe(cat.id);
    expect(selectRules([all, other], target).weekend?.id).toBe(all.id);
    expect(selectRules([other], target).weekend).toBeNull();
  });

  it('a customer’s rules only for that customer; seasons most specific first', () => {
    const card = rule(PricingRuleKind.rate_card, { customerId: 'cust-2', category: 'Lifts', dailyRate: '1.00' });
    const s1 = rule(PricingRuleKind.season, { startDate: '2026-01-01', endDate: '2026-12-31', multiplier: '2' });
    const s2 = rule(PricingRuleKind.season, {
      itemId: 'item-1',
      startDate: '2026-07-01',
      endDate: '2026-07-31',
      multiplier: '3',
    });
    const chosen = selectRules([card, s1, s2], target);
    expect(chosen.rateCard).toBeNull();
    expect(chosen.seasons.map((s) => s.id)).toEqual([s2.id, s1.id]);
    expect(selectRules([card], { ...target, customerId: 'cust-2' }).rateCard?.id).toBe(card.id);
  });
});

// ---- brute force: every sequence of periods laid from the pickup day, priced day by day as the docs say ----

const LEN = { month: 30, week: 7, day: 1 } as const;
type P = keyof typeof LEN;
const half = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

function dayOf(start: string, offset: number): string {
  const d = new Date(`${start}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

function bruteRate(rates: Rates, rules: ApplicableRules, start: string, p: P, offset: number): Decimal | null {
  const item = { day: rates.daily, week: rates.weekly, month: rates.monthly }[p];
  const card =
    rules.rateCard &&
    { day: rules.rateCard.dailyRate, week: rules.rateCard.weeklyRate, month: rules.rateCard.monthlyRate }[p];
  const base = card ?? item;
  if (base === null || base === undefined) return null;
  const day = dayOf(start, offset);
  for (const s of rules.seasons)
    if (s.startDate! <= day && day <= s.endDate!) return half(new Decimal(base).times(s.multiplier!));
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  if (p === 'day' && rules.weekend && (weekday === 0 || weekday === 6))
    return rules.weekend.dayRate
      ? new Decimal(rules.weekend.dayRate)
      : half(new Decimal(base).times(rules.weekend.multiplier!));
  return new Decimal(base);
}

/** The cheapest total over every cover, with the discounts applied the documented way. */
function bruteForce(days: number, quantity: number, rates: Rates, rules: ApplicableRules, start: string) {
  const n = Math.max(days, rules.minimum?.minimumDays ?? 0);
  let best: Decimal | null = null;
  let covers = 0;
  const memo = new Map<string, Decimal | null>(); // the rates only: every cover is still walked
  const rate = (p: P, at: number) => {
    const key = `${p}${at}`;
    if (!memo.has(key)) memo.set(key, bruteRate(rates, rules, start, p, at));
    return memo.get(key)!;
  };
  const walk = (at: number, cost: Decimal) => {
    if (at >= n) {
      covers++;
      if (!best || cost.lt(best)) best = cost;
      return;
    }
    for (const p of ['month', 'week', 'day'] as P[]) {
      const r = rate(p, at);
      if (r) walk(at + LEN[p], cost.plus(r));
    }
  };
  walk(0, new Decimal(0));
  let unit: Decimal = best!;
  const tiers = (rules.volume?.tiers ?? []).filter((t) => t.minQuantity <= quantity);
  const pct = [
    tiers.length ? tiers.reduce((a, b) => (b.minQuantity > a.minQuantity ? b : a)).percent : null,
    rules.discount?.percent ?? null,
  ];
  for (const p of pct) if (p) unit = unit.minus(half(unit.times(p).dividedBy(100)));
  return { cover: best!, total: unit.times(quantity).toFixed(2), covers };
}

const money = (lo: number, hi: number) => fc.integer({ min: lo * 100, max: hi * 100 }).map((c) => (c / 100).toFixed(2));
const multiplier = fc.constantFrom('0.5', '0.75', '0.9', '1.1', '1.25', '1.5', '2', '0.333');
const percent = fc.constantFrom('5', '10', '12.5', '33.33', '50');
const START = '2026-01-01';
const startDay = fc.integer({ min: 0, max: 400 }).map((n) => dayOf(START, n));

const rulesArb: fc.Arbitrary<ApplicableRules> = fc.record({
  weekend: fc.option(
    fc.oneof(
      multiplier.map((m) => rule(PricingRuleKind.weekend, { multiplier: m })),
      money(1, 150).map((d) => rule(PricingRuleKind.weekend, { dayRate: d })),
    ),
    { nil: null },
  ),
  seasons: fc.array(
    fc
      .tuple(startDay, fc.integer({ min: 0, max: 40 }), multiplier)
      .map(([from, len, m]) =>
        rule(PricingRuleKind.season, { startDate: from, endDate: dayOf(from, len), multiplier: m }),
      ),
    { maxLength: 2 },
  ),
  minimum: fc.option(
    fc.integer({ min: 1, max: 38 }).map((d) => rule(PricingRuleKind.minimum_period, { minimumDays: d })),
    { nil: null },
  ),
  rateCard: fc.option(
    fc
      .tuple(
        fc.option(money(1, 150), { nil: null }),
        fc.option(money(50, 800), { nil: null }),
        fc.option(money(200, 3000), { nil: null }),
      )
      .map(([d, w, m]) => rule(PricingRuleKind.rate_card, { dailyRate: d, weeklyRate: w, monthlyRate: m })),
    { nil: null },
  ),
  volume: fc.option(
    fc
      .array(fc.tuple(fc.integer({ min: 2, max: 12 }), percent), { minLength: 1, maxLength: 3 })
      .map((t) =>
        rule(PricingRuleKind.volume_discount, { tiers: t.map(([q, p]) => ({ minQuantity: q, percent: p })) }),
      ),
    { nil: null },
  ),
  discount: fc.option(
    percent.map((p) => rule(PricingRuleKind.customer_discount, { percent: p })),
    { nil: null },
  ),
});
const ratesArb: fc.Arbitrary<Rates> = fc.record({
  daily: money(1, 150),
  weekly: fc.option(money(50, 800), { nil: null }),
  monthly: fc.option(money(200, 3000), { nil: null }),
});

it('is as cheap as the cheapest of every cover, over seeded random rates and rules (small cases)', () => {
  let enumerated = 0;
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 40 }),
      fc.integer({ min: 1, max: 12 }),
      ratesArb,
      rulesArb,
      startDay,
      (days, quantity, rates, rules, start) => {
        const price = priceRental(days, quantity, rates, { startDate: start, rules });
        const brute = bruteForce(days, quantity, rates, rules, start);
        enumerated += brute.covers;
        expect(price.total).toBe(brute.total);
        // the lines are the cover: their amounts add up to the cheapest cover, and less the discounts to the total
        const lines = price.lines.reduce((s, l) => s.plus(l.amount), new Decimal(0));
        expect(lines.toFixed(2)).toBe(brute.cover.times(quantity).toFixed(2));
        const off = price.discounts.reduce((s, d) => s.plus(d.amount), new Decimal(0));
        expect(lines.minus(off).toFixed(2)).toBe(price.total);
        expect(price.billedDays).toBeGreaterThanOrEqual(Math.max(days, rules.minimum?.minimumDays ?? 0));
        // every line names a rule of the line's selection of its own kind, or none
        const given = [rules.weekend, rules.rateCard, ...rules.seasons].filter(Boolean).map((r) => r!.id);
        for (const l of price.lines) if (l.rule) expect(given).toContain(l.rule.id);
      },
    ),
    { seed: 20_261_205, numRuns: 200, endOnFailure: true },
  );
  expect(enumerated).toBeGreaterThan(10_000); // the brute force really searched
});

it('without rules it prices as before (no rule on any line, no discounts)', () => {
  const p = priceRental(38, 1, STD, ctx('2026-07-01', {}));
  expect(p.total).toBe('1700.00');
  expect(p.lines.every((l) => l.rule === null)).toBe(true);
  expect([p.discounts, p.minimum]).toEqual([[], null]);
});
