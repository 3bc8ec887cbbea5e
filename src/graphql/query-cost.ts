import { DocumentNode, getNamedType, getNullableType, GraphQLSchema, isLeafType, isListType } from 'graphql';
import { ComplexityEstimatorArgs, getComplexity } from 'graphql-query-complexity';
import type { CostExtensions } from '../lib/cost-extensions';

/** A list of objects that has no `limit` argument and declares no `maxItems` counts as this many items. */
export const DEFAULT_LIST_SIZE = 10;

/**
 * The cost of a query is an upper bound of the number of objects its answer may hold, known before anything
 * runs: scalars are free; an object costs 1 plus its selection; a list costs its size times (1 + its selection),
 * the size being its `limit` argument (the value the query gives, else the default), else its declared
 * `maxItems`, else DEFAULT_LIST_SIZE. A page (`contacts(limit: 100) { data {...} pagination {...} }`) costs 1
 * plus `limit` times one item of `data`. Introspection (`__schema`, `__type`, `__typename`) is free: it is
 * bounded by the schema, and graphql-js refuses deeply nested introspection in validation.
 */
export function estimateField({ type, field, args, childComplexity }: ComplexityEstimatorArgs): number {
  if (field.name.startsWith('__') || type.name.startsWith('__') || isLeafType(getNamedType(field.type))) return 0;
  const ext = (field.extensions ?? {}) as CostExtensions;
  const own = ext.cost ?? 1;
  const limit = typeof args.limit === 'number' ? Math.max(0, args.limit) : undefined;
  if (isListType(getNullableType(field.type))) return listSize(ext, limit) * (own + childComplexity);
  return own + (limit ?? 1) * childComplexity;
}

function listSize(ext: CostExtensions, limit: number | undefined): number {
  if (limit !== undefined) return ext.maxItems !== undefined ? Math.min(limit, ext.maxItems) : limit;
  if (ext.pageItems) return 1;
  return ext.maxItems ?? DEFAULT_LIST_SIZE;
}

/**
 * The cost of the operation that would run (graphql-query-complexity walks fragments, variables, defaults and
 * @skip/@include). Throws a GraphQLError when variables do not coerce, or when fragments expand to more than
 * `maxNodes` selections (a "billion laughs" document).
 */
export function queryCost(
  schema: GraphQLSchema,
  query: DocumentNode,
  variables: Record<string, unknown> | undefined,
  operationName: string | undefined,
  maxNodes: number,
): number {
  return getComplexity({
    schema,
    query,
    variables,
    operationName,
    estimators: [estimateField],
    maxQueryNodes: maxNodes,
  });
}
