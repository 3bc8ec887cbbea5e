/** The quote engine as a pure function: a table of cases, and an exhaustive cross-check against brute force. */
import Decimal from 'decimal.js';
import { priceRental, PERIOD_DAYS, Rates } from '../src/modules/rental/inventory/quote-engine';

const STD: Rates = { daily: '100.00', weekly: '400.00', monthly: '1200.00' };

type Cover = { month?: number; week?: number; day?: number };

describe.each<[string, Rates, number, number, Cover, string, number]>([
  // label, rates, rental days, quantity, chosen periods, total, billed days
  ['1 day', STD, 1, 1, { day: 1 }, '100.00', 1],
  ['3 days are cheaper as days', STD, 3, 1, { day: 3 }, '300.00', 3],
  ['4 days: a week costs the same, the fewer periods win the tie', STD, 4, 1, { week: 1 }, '400.00', 7],
  ['5 days: a week is cheaper than the exact days', STD, 5, 1, { week: 1 }, '400.00', 7],
  ['7 days: one week', STD, 7, 1, { week: 1 }, '400.00', 7],
  ['8 days: one week + one day beats two weeks and eight days', STD, 8, 1, { week: 1, day: 1 }, '500.00', 8],
  ['12 days: two weeks beat a week + 5 days', STD, 12, 1, { week: 2 }, '800.00', 14],
  ['20 days: a month (1 period) ties three weeks', STD, 20, 1, { month: 1 }, '1200.00', 30],
  ['25 days: a month is cheaper than weeks and days', STD, 25, 1, { month: 1 }, '1200.00', 30],
  ['30 days: one month', STD, 30, 1, { month: 1 }, '1200.00', 30],
  ['38 days: month + week + day', STD, 38, 1, { month: 1, week: 1, day: 1 }, '1700.00', 38],
  ['60 days, 2 units', STD, 60, 2, { month: 2 }, '4800.00', 60],
  ['daily rate only', { daily: '35.50' }, 10, 1, { day: 10 }, '355.00', 10],
  ['a weekly rate above 7 days is never used', { daily: '10.00', weekly: '100.00' }, 7, 1, { day: 7 }, '70.00', 7],
  ['6 days priced as a week, 3 units', { daily: '19.99', weekly: '99.95' }, 6, 3, { week: 1 }, '299.85', 7],
  ['exact decimals: 3 x 0.10 is 0.30', { daily: '0.10' }, 3, 1, { day: 3 }, '0.30', 3],
  [
    '32 days: month + 2 days beats month + week',
    { daily: '100.00', weekly: '600.00', monthly: '2000.00' },
    32,
    1,
    { month: 1, day: 2 },
    '2200.00',
    32,
  ],
  [
    '29 days: a month beats 4 weeks + 1 day',
    { daily: '100.00', weekly: '500.00', monthly: '1800.00' },
    29,
    1,
    { month: 1 },
    '1800.00',
    30,
  ],
  [
    'monthly rate but no weekly one',
    { daily: '50.00', monthly: '900.00' },
    40,
    1,
    { month: 1, day: 10 },
    '1400.00',
    40,
  ],
  [
    '18 days, monthly but no weekly: a month is cheaper',
    { daily: '50.00', monthly: '800.00' },
    18,
    1,
    { month: 1 },
    '800.00',
    30,
  ],
])('%s', (_label, rates, days, quantity, cover, total, billedDays) => {
  it('chooses the cheapest cover with an itemized breakdown', () => {
    const price = priceRental(days, quantity, rates);
    expect(price.total).toBe(total);
    expect(price.billedDays).toBe(billedDays);
    expect(price.rentalDays).toBe(days);
    const chosen = Object.fromEntries(price.lines.map((l) => [l.period, l.count]));
    expect(chosen).toEqual(cover);
    // The lines add up to the total, each is rate x count x quantity, and they come longest period first.
    const sum = price.lines.reduce((s, l) => s.plus(l.amount), new Decimal(0));
    expect(sum.toFixed(2)).toBe(total);
    for (const l of price.lines) {
      expect(new Decimal(l.rate).times(l.count).times(quantity).toFixed(2)).toBe(l.amount);
      expect(l.days).toBe(l.count * PERIOD_DAYS[l.period]);
    }
    expect(price.lines.map((l) => l.period)).toEqual(['month', 'week', 'day'].filter((p) => p in cover));
    expect(new Decimal(price.unitPrice).times(quantity).toFixed(2)).toBe(total);
  });
});

/** The cheapest price over every (months, weeks, days) that covers n days, by enumeration. */
function bruteForce(n: number, r: { daily: number; weekly: number; monthly: number }): number {
  let best = Infinity;
  for (let m = 0; m <= Math.ceil(n / 30); m++) {
    for (let w = 0; w <= Math.ceil(n / 7); w++) {
      const d = Math.max(0, n - 30 * m - 7 * w);
      best = Math.min(best, m * r.monthly + w * r.weekly + d * r.daily);
    }
  }
  return best;
}

it('matches brute force for every length up to 120 days over several rate cards', () => {
  const cards = [
    { daily: 100, weekly: 400, monthly: 1200 },
    { daily: 37, weekly: 201, monthly: 655 },
    { daily: 10, weekly: 75, monthly: 250 },
    { daily: 90, weekly: 500, monthly: 2900 },
    { daily: 1, weekly: 6, monthly: 29 },
  ];
  for (const r of cards) {
    for (let n = 1; n <= 120; n++) {
      const price = priceRental(n, 1, { daily: r.daily, weekly: r.weekly, monthly: r.monthly });
      expect([n, r, price.total]).toEqual([n, r, bruteForce(n, r).toFixed(2)]);
      expect(price.billedDays).toBeGreaterThanOrEqual(n);
    }
  }
});

it('refuses a length or quantity that is not a positive integer', () => {
  expect(() => priceRental(0, 1, STD)).toThrow(RangeError);
  expect(() => priceRental(2.5, 1, STD)).toThrow(RangeError);
  expect(() => priceRental(3, 0, STD)).toThrow(RangeError);
});
