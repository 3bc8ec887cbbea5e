/** What every analytics REST row shares (docs/analytics.md). */
export const A = 'Analytics';
export const RANGE =
  'startDate/endDate are local days of the organization’s timezone (inclusive); `?format=csv|svg` or `Accept: text/csv|image/svg+xml` for a CSV download or an SVG chart';
