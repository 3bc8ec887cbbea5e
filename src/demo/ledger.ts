import { addDays } from '../lib/calendar-days';
import { present } from '../lib/present';
import type { InventoryItem } from '../modules/rental/inventory/inventory-item.entity';
import { dayOf, DemoContext } from './demo-context';
import { DESK_STORIES } from './desk-stories';
import { HOLDS } from './inventory';

/** How far ahead the demo books (and an open-ended hold or an overdue rental is counted). */
export const DAYS_AHEAD = 60;

/**
 * Units of each item taken on each day: what availability counts (bookings of pending and completed orders,
 * holds, units out of service), plus the rental desk's stories, booked first, and an overdue order's units from
 * its return date on (they have not come back).
 */
export class Ledger {
  private taken = new Map<string, Map<string, number>>();

  constructor(private readonly ctx: DemoContext) {
    const far = DAYS_AHEAD + 30;
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

  free(item: InventoryItem, from: string, to: string): number {
    let least = item.quantityOwned;
    for (let d = from; d <= to; d = addDays(d, 1))
      least = Math.min(least, item.quantityOwned - (this.taken.get(item.id)?.get(d) ?? 0));
    return least;
  }

  /** The share of the item's units taken over the days, on average (0..1). */
  load(item: InventoryItem, from: string, to: string): number {
    let sum = 0;
    let days = 0;
    for (let d = from; d <= to; d = addDays(d, 1), days++) sum += this.taken.get(item.id)?.get(d) ?? 0;
    return sum / days / item.quantityOwned;
  }

  take(item: InventoryItem, from: string, to: string, quantity: number): void {
    const days = this.taken.get(item.id) ?? new Map<string, number>();
    this.taken.set(item.id, days);
    for (let d = from; d <= to; d = addDays(d, 1)) days.set(d, (days.get(d) ?? 0) + quantity);
  }
}
