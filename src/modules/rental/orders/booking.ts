import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode, QueryOrder } from '@mikro-orm/core';
import { AppError, ErrorCode, FieldError } from '../../../lib/errors';
import { InventoryItem, InventoryStatus } from '../inventory/inventory-item.entity';
import { availabilityRows } from '../inventory/availability.query';
import type { DayRange } from '../../../lib/calendar-days';

export interface WantedLine {
  itemId: string;
  quantity: number;
}

/** `2026-07-03..2026-07-05, 2026-07-09`: consecutive days folded into ranges. */
function dayRanges(days: string[]): string {
  const out: string[][] = [];
  for (const d of days) {
    const last = out[out.length - 1];
    const next =
      last && new Date(Date.parse(`${last[last.length - 1]}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    if (last && next === d) last.push(d);
    else out.push([d]);
  }
  return out.map((r) => (r.length > 1 ? `${r[0]}..${r[r.length - 1]}` : r[0])).join(', ');
}

/** Locks item rows in id order (SELECT ... FOR UPDATE): what every booking and every move that changes what an item holds takes first. */
export function lockItems(tx: EntityManager, ids: string[]): Promise<InventoryItem[]> {
  return tx.find(
    InventoryItem,
    { id: { $in: ids } },
    { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: QueryOrder.ASC }, refresh: true },
  );
}

/**
 * No double booking (docs/rental.md): inside the caller's transaction, locks the rows of the wanted
 * items (SELECT ... FOR UPDATE, in id order so that two orders never wait on each other in a cycle),
 * then re-reads availability. A concurrent order for the same items waits for the lock and, once this
 * transaction commits, sees its lines (READ COMMITTED: every statement sees what committed before it).
 * excludeOrderId leaves that order's own lines out (an order being edited). Returns the locked items by id; throws 404 for an unknown item, 409 for a retired one, and 409 naming
 * each item and the days on which the quantity is not available.
 */
export async function lockAndCheck(
  tx: EntityManager,
  organizationId: string,
  lines: WantedLine[],
  range: DayRange,
  excludeOrderId?: string,
): Promise<Map<string, InventoryItem>> {
  const ids = [...new Set(lines.map((l) => l.itemId))];
  const locked = await lockItems(tx, ids);
  const byId = new Map(locked.map((i) => [i.id, i]));

  const missing: FieldError[] = lines.flatMap((l, i) =>
    byId.has(l.itemId) ? [] : [{ field: `lines.${i}.itemId`, message: 'not found' }],
  );
  if (missing.length)
    throw new AppError(ErrorCode.NOT_FOUND, 'An itemId does not name an inventory item of your organization', missing);
  const retired = lines.flatMap((l, i) => {
    const item = byId.get(l.itemId);
    return item?.status === InventoryStatus.retired
      ? [{ field: `lines.${i}.itemId`, message: `${item.itemNumber} is retired` }]
      : [];
  });
  if (retired.length) throw new AppError(ErrorCode.CONFLICT, 'Retired items cannot be rented', retired);

  const rows = await availabilityRows(tx, { organizationId, itemIds: ids, ...range, excludeOrderId });
  const short: FieldError[] = [];
  const sentences: string[] = [];
  lines.forEach((l, i) => {
    const item = byId.get(l.itemId);
    if (!item) throw new Error(`lockAndCheck: item ${l.itemId} was not locked`); // a missing item was a 404 above
    const days = rows.filter((r) => r.item_id === l.itemId && r.available < l.quantity);
    if (!days.length) return;
    const least = Math.max(0, Math.min(...days.map((d) => d.available)));
    const text = `${item.itemNumber} (${item.name}): ${l.quantity} wanted, only ${least} available on ${dayRanges(days.map((d) => d.day))}`;
    short.push({ field: `lines.${i}.quantity`, message: text });
    sentences.push(text);
  });
  if (short.length)
    throw new AppError(ErrorCode.CONFLICT, `Not enough units available: ${sentences.join('; ')}`, short);
  return byId;
}
