/**
 * The read path (docs/architecture.md, "The read path"): read-only plain rows instead of managed entities for lists
 * and relation loaders, their statements compiled once per shape, to-many relations read as JSON columns or
 * capped per parent, and the list totals with their invalidation. The only file of this folder that code outside
 * it imports (test/architecture.spec.ts).
 */
export type { PlainRow } from './plain-row';
export {
  plainRows,
  plainRowReader,
  plainCount,
  compiledShapes,
  isJoined,
  type Reads,
  type ToOne,
  type RowsPage,
} from './plain-rows';
export type { Statement } from './compiled-statement';
export { toManyKey, prefetchedToMany, type ToMany } from './to-many-column';
export { firstPerParent } from './per-parent';
export { cachedCount, forgetCounts, setCountTtl, writeGeneration, COUNT_TTL_MS, COUNTS_CHANNEL } from './count-cache';
export { CountInvalidation } from './count-invalidation';
