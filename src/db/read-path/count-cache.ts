/**
 * The totals of list pages (docs/decisions.md, "List totals"): a page's `pagination.totalItems` is counted once
 * per organization, list and filter set, then reused for `COUNT_TTL_MS`, so that paging through a list, or many
 * users reading the same list, does not count the organization's rows on every request. The data layer forgets an
 * organization's counts when its rows change (count-invalidation.ts: after a flush, after a transaction's commit),
 * so a client sees its own changes at once, through GraphQL or REST; another instance's writes as soon as their
 * notice on `COUNTS_CHANNEL` arrives (a transaction that wrote sends it as it commits, and every instance's live
 * listener forgets those organizations' counts: src/live/live-listener.ts); a native write outside a transaction
 * within `COUNT_TTL_MS`. Bounded: at most MAX_ENTRIES counts, the oldest dropped first.
 */
import { BoundedMap } from '../../lib/bounded-map';
import { clock } from '../../lib/clock';

/** The default of the COUNT_TTL_MS setting. */
export const COUNT_TTL_MS = 1000;
let ttlMs = COUNT_TTL_MS;
/** The channel on which a committing transaction names the organizations whose rows it changed. */
export const COUNTS_CHANNEL = 'crm_counts';

/** Sets how long a count is reused (the COUNT_TTL_MS setting; src/runtime.ts). */
export function setCountTtl(ms: number): void {
  ttlMs = ms;
}
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
  if (hit && now - hit.at < ttlMs) return hit.total;
  const total = count();
  counts.set(id, { at: now, total });
  total.catch(() => counts.delete(id));
  return total;
}

/**
 * How many writes of the organization this process has heard of (its own, and other instances' through their
 * notices): the read replica's read-your-writes check compares it (src/db/read-replica.ts).
 */
export function writeGeneration(organizationId: string): number {
  return generation.get(organizationId) ?? 0;
}

/** Forgets the organization's counts (a write of that organization; count-invalidation.ts calls it). */
export function forgetCounts(organizationId: string): void {
  generation.set(organizationId, (generation.get(organizationId) ?? 0) + 1);
}
