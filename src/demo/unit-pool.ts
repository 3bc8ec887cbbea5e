import { addDays } from '../lib/calendar-days';
import type { InventoryItem } from '../modules/rental/inventory/inventory-item.entity';
import type { InventoryUnit } from '../modules/rental/inventory/inventory-unit.entity';

/**
 * Which units go out on a line (what the desk scans): the free units of the item, lowest asset tag first. Orders
 * come in pickup order and a unit is busy from its pickup through its return (an overdue one, or one that went to
 * the shop: for good), the same spans the order ledger counts, so a free unit is always there.
 */
export class UnitPool {
  /** The first day each unit may go out again. */
  private freeFrom = new Map<InventoryUnit, string>();

  constructor(private readonly units: Map<InventoryItem, InventoryUnit[]>) {}

  /** `quantity` units of `item` out from `from` until `to` (inclusive; null: they do not come back to the pool). */
  take(item: InventoryItem, quantity: number, from: string, to: string | null): InventoryUnit[] {
    const free = (this.units.get(item) ?? []).filter((u) => (this.freeFrom.get(u) ?? '0000') <= from);
    if (free.length < quantity) throw new Error(`demo: no free unit of ${item.itemNumber} on ${from}`);
    const taken = free.slice(0, quantity);
    for (const u of taken) this.freeFrom.set(u, to ? addDays(to, 1) : '9999');
    return taken;
  }
}
