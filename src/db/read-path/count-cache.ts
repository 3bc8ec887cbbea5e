/**
 * The totals of list pages (docs/decisions.md, "List totals"): a page's `pagination.totalItems` is counted once
 * per organization, list and filter set, then reused for `COUNT_TTL_MS`, so that paging through a list, or many
 * users reading the same list, does not count the organization's rows on every request. The data layer forgets an
 * organization's counts when its rows change (count-invalidation.ts: after a flush, after a transaction's commit),
 * so a client sees its own changes at once, through GraphQL or REST; writes it cannot see (another instance, a
 * native write outside a transaction) show within `COUNT_TTL_MS`. Bounded: at most MAX_ENTRIES counts, the oldest
 * dropped first.
 */
import { BoundedMap } from '../../lib/bounded-map';
import { clock } from '../../lib/clock';

export const COUNT_TTL_MS = 1000;
const MAX_ENTRIES = 10_000;

const counts = new BoundedMap<string, { at: number; total: Promise<number> }>(MAX_ENTRIES);
const generation = new Map<string, number>();

/** The organization's count, from the cache while fresh, else from `count()` (concurrent misses share one). */
export function cachedCount(
  organizationId: string | undefined,
  key: string | undefined,
  count: () => Promise<number>,
): Promise<number> {
  if (organizationId === undefined || key === undefined) return count();
  const id = `${organizationId}|${generation.get(organizationId) ?? 0}|${key}`;
  const now = clock.nowMs();
  const hit = counts.get(id);
  if (hit && now - hit.at < COUNT_TTL_MS) return hit.total;
  const total = count();
  counts.set(id, { at: now, total });
  total.catch(() => counts.delete(id));
  return total;
}

/** Forgets the organization's counts (a write of that organization; count-invalidation.ts calls it). */
export function forgetCounts(organizationId: string): void {
  generation.set(organizationId, (generation.get(organizationId) ?? 0) + 1);
}
