import { BUCKETS, bucketOf, cur, prev, ReportScope, runWindow } from './report-sql';
import type { ReportWindow } from './report-window';
import { compareMoney, compareNumber, MoneyComparison, NumberComparison } from './report.types';

export interface SeriesSpec {
  /** SQL of the facts over [pstart, end]: a local-day column `day` and one numeric column per metric. */
  facts: string;
  /** Common table expressions the facts and the totals' facts share, computed once (`name as (...)`). */
  with?: string;
  metrics: readonly string[];
  /** Facts for the two totals when summing the buckets would count something twice (distinct customers). */
  totalsFacts?: string;
  /** Figures formed from the sums, in SQL: `sum` gives the SQL of a metric's sum in each context (bucket, range). */
  derived?: Record<string, (sum: (metric: string) => string) => string>;
}

export interface Series {
  /** One row per bucket of the current range (empty buckets are zeros): period (first day), label, metrics as exact text. */
  rows: Record<string, string>[];
  /** Per metric (and derived figure), over the current and over the previous range (exact text; null when undefined). */
  totals: Record<string, { current: string | null; previous: string | null }>;
}

/**
 * The time series of every period report in ONE statement: the facts are read once for both ranges,
 * summed per bucket of the current range (generate_series fills empty buckets), and summed per range for
 * the comparison with the previous period of equal length.
 */
export async function periodSeries(
  scope: ReportScope,
  w: ReportWindow,
  spec: SeriesSpec,
  extra: Record<string, unknown> = {},
): Promise<Series> {
  const m = spec.metrics;
  const d = Object.entries(spec.derived ?? {});
  const sums = [
    ...m.map((x) => `coalesce(sum(f.${x}), 0)::text as ${x}`),
    ...d.map(([x, f]) => `(${f((y) => `coalesce(sum(f.${y}), 0)`)})::text as ${x}`),
  ].join(', ');
  const totals = [...m, ...d.map(([x]) => x)]
    .map((x) => {
      const f = spec.derived?.[x];
      return `'${x}', (${f ? f((y) => cur(y)) : cur(x)})::text, 'previous_${x}', (${f ? f((y) => prev(y)) : prev(x)})::text`;
    })
    .join(', ');
  const sql = `with ${spec.with ? `${spec.with}, ` : ''}facts as (${spec.facts}), totals_facts as (${spec.totalsFacts ?? 'select * from facts'}), b as (${BUCKETS})
    select (select coalesce(json_agg(r order by r.period), '[]'::json) from (
              select b.bucket::text as period, to_char(b.bucket, :label) as label, ${sums}
                from b left join facts f on f.day >= :start::date and ${bucketOf('f.day')} = b.bucket
               group by b.bucket) r) as rows,
           (select json_build_object(${totals}) from totals_facts) as totals`;
  const [row] = await runWindow<{ rows: Record<string, string>[]; totals: Record<string, string> }>(
    scope,
    w,
    sql,
    extra,
  );
  return {
    rows: row.rows,
    totals: Object.fromEntries(
      [...m, ...d.map(([x]) => x)].map((x) => [x, { current: row.totals[x], previous: row.totals[`previous_${x}`] }]),
    ),
  };
}

/** A series total as a money comparison (current vs previous range). */
export const moneyTotal = (s: Series, metric: string): MoneyComparison =>
  compareMoney(s.totals[metric].current ?? 0, s.totals[metric].previous ?? 0);

/** A series total as a number comparison (counts, or percentages compared in points). */
export function numberTotal(s: Series, metric: string): NumberComparison {
  const n = (v: string | null) => (v === null ? null : Number(v));
  return compareNumber(n(s.totals[metric].current), n(s.totals[metric].previous));
}
