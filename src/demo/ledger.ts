import { present } from '../lib/present';
import type { InventoryItem } from '../modules/rental/inventory/inventory-item.entity';
import { dayOf, DemoContext } from './demo-context';
import { DESK_STORIES } from './desk-stories';
import { HOLDS } from './inventory';

/** How far ahead the demo books (and an open-ended hold or an overdue rental is counted). */
export const DAYS_AHEAD = 60;

/** The ledger the orders part booked with, for the parts after it (the desk's holds take their days in it). */
export const LEDGERS = new WeakMap<DemoContext, Ledger>();

/** The orders part's ledger. */
export const ledgerOf = (ctx: DemoContext): Ledger => present(LEDGERS.get(ctx), 'the orders ledger');

/**
 * Units of each item taken on each day: what availability counts (bookings of pending and completed orders,
 * holds, units out of service), plus the rental desk's stories, booked first, and an overdue order's units from
 * its return date on (they have not come back).
 */
export class Ledger {
  /** Units taken per item, per day: index 0 is the first day of the history. */
  private taken = new Map<InventoryItem, Int32Array>();
  private readonly first: number;
  private readonly days: number;

  constructor(private readonly ctx: DemoContext) {
    const far = DAYS_AHEAD + 30;
    this.first = Date.parse(dayOf(ctx, -400));
    this.days = 400 + far + 1;
    for (const h of HOLDS)
      this.take(this.item(h.itemNumber), dayOf(ctx, h.start), dayOf(ctx, h.end ?? far), h.quantity);
    for (const s of DESK_STORIES) {
      for (const [itemNumber, quantity] of s.lines)
        this.take(
          this.item(itemNumber),
          dayOf(ctx, s.pickup),
          dayOf(ctx, s.fate === 'overdue' ? far : s.return),
          quantity,
        );
      if (s.shop && s.damage)
        this.take(this.item(s.damage.itemNumber), dayOf(ctx, s.shop.from), dayOf(ctx, far), s.damage.quantity);
    }
  }

  item(itemNumber: string): InventoryItem {
    return present(
      this.ctx.data.items.find((i) => i.itemNumber === itemNumber),
      `demo item ${itemNumber}`,
    );
  }

  /** Units of the item free on every day from `from` through `to`. */
  free(item: InventoryItem, from: string, to: string): number {
    const [days, a, b] = this.span(item, from, to);
    let most = 0;
    for (let d = a; d <= b; d++) most = Math.max(most, days[d]);
    return item.quantityOwned - most;
  }

  /** The share of the item's units taken over the days, on average (0..1). */
  load(item: InventoryItem, from: string, to: string): number {
    const [days, a, b] = this.span(item, from, to);
    let sum = 0;
    for (let d = a; d <= b; d++) sum += days[d];
    return sum / (b - a + 1) / item.quantityOwned;
  }

  take(item: InventoryItem, from: string, to: string, quantity: number): void {
    const [days, a, b] = this.span(item, from, to);
    for (let d = a; d <= b; d++) days[d] += quantity;
  }

  private span(item: InventoryItem, from: string, to: string): [Int32Array, number, number] {
    let days = this.taken.get(item);
    if (!days) this.taken.set(item, (days = new Int32Array(this.days)));
    const index = (day: string) => Math.min(this.days - 1, Math.max(0, (Date.parse(day) - this.first) / 86_400_000));
    return [days, index(from), index(to)];
  }
}
