/**
 * What a GraphQL field may declare about its size with type-graphql's `@Extensions(...)`; the query cost
 * estimator (graphql/query-cost.ts) reads it. Here, below the GraphQL layer, so that the data layer's page
 * types can declare it too.
 * - `maxItems`: a list field's documented cap (items per parent), e.g. a rental order's lines.
 * - `pageItems`: the `data` list of a page: each item counts once, the page field's `limit` multiplies it.
 * - `cost`: what one value of the field costs instead of 1, e.g. 0 for `pagination` (counted with its page).
 */
export interface CostExtensions {
  maxItems?: number;
  pageItems?: boolean;
  cost?: number;
}
