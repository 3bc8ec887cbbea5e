import { pct } from './stats';

/**
 * Upsell and cross-sell from rental history (docs/ai.md, "Customer intelligence"). Cross-sell: the
 * categories the organization's orders rent together (pairs co-occurring in one order); for each
 * category the customer rents, the ones they never rented that go with it in at least `minSupport`
 * orders and a fifth of that category's orders. Upsell: a category the customer rented in 3 or more
 * orders (offer a long-term rate or a larger model).
 */
export interface RentalOrder {
  orderId: string;
  /** YYYY-MM-DD or ISO instant. */
  date: string;
  /** Categories of the order's items (duplicates ignored). */
  categories: string[];
}

export interface Suggestion {
  kind: 'cross_sell' | 'upsell';
  category: string;
  /** 0..1: confidence (cross-sell) or share of the customer's orders (upsell). */
  strength: number;
  evidence: string;
}

const MIN_CONFIDENCE = 0.2;
const UPSELL_ORDERS = 3;

/** How many orders rent each category, and each pair of categories together. */
export function coRentals(orders: RentalOrder[]): {
  single: Map<string, number>;
  pairs: Map<string, Map<string, number>>;
} {
  const single = new Map<string, number>();
  const pairs = new Map<string, Map<string, number>>();
  for (const order of orders) {
    const cats = [...new Set(order.categories)];
    for (const a of cats) {
      single.set(a, (single.get(a) ?? 0) + 1);
      for (const b of cats) {
        if (a === b) continue;
        const row = pairs.get(a) ?? new Map<string, number>();
        row.set(b, (row.get(b) ?? 0) + 1);
        pairs.set(a, row);
      }
    }
  }
  return { single, pairs };
}

export function rentalSuggestions(
  customerOrders: RentalOrder[],
  organizationOrders: RentalOrder[],
  options: { minSupport?: number; limit?: number } = {},
): Suggestion[] {
  const minSupport = options.minSupport ?? 3;
  const own = coRentals(customerOrders).single;
  const { single, pairs } = coRentals(organizationOrders);
  const best = new Map<string, Suggestion>();
  for (const a of [...own.keys()].sort()) {
    for (const [b, together] of [...(pairs.get(a) ?? new Map<string, number>())].sort(([x], [y]) =>
      x.localeCompare(y),
    )) {
      const confidence = together / (single.get(a) ?? 1);
      if (own.has(b) || together < minSupport || confidence < MIN_CONFIDENCE) continue;
      if ((best.get(b)?.strength ?? 0) >= confidence) continue;
      best.set(b, {
        kind: 'cross_sell',
        category: b,
        strength: confidence,
        evidence: `rented with ${a} in ${together} of ${single.get(a)} orders (${pct(confidence)}); this customer rents ${a} but never ${b}`,
      });
    }
  }
  const upsells: Suggestion[] = [...own]
    .filter(([, n]) => n >= UPSELL_ORDERS)
    .map(([category, n]) => ({
      kind: 'upsell',
      category,
      strength: n / customerOrders.length,
      evidence: `rented ${category} in ${n} of ${customerOrders.length} orders: offer a long-term rate or a larger model`,
    }));
  const all = [...best.values(), ...upsells].sort(
    (x, y) => y.strength - x.strength || x.category.localeCompare(y.category),
  );
  return all.slice(0, options.limit ?? 5);
}
