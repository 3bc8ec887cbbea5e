import { BUCKETS, bucketOf, cur, prev, ReportScope, runWindow } from './report-sql';
import type { ReportWindow } from './report-window';

export interface SeriesSpec {
  /** SQL of the facts over [pstart, end]: a local-day column `day` and one numeric column per metric. */
  facts: string;
  metrics: readonly string[];
  /** Facts for the two totals when summing the buckets would count something twice (distinct customers). */
  totalsFacts?: string;
}

export interface Series {
  /** One row per bucket of the current range (empty buckets are zeros): period (first day), label, metrics as exact text. */
  rows: Record<string, string>[];
  /** Per metric, the sums over the current and over the previous range (exact text). */
  totals: Record<string, { current: string; previous: string }>;
}

/**
 * The time series of every period report in ONE statement: the facts are read once for both ranges,
 * summed per bucket of the current range (generate_series fills empty buckets), and summed per range for
 * the comparison with the previous period of equal length.
 */
export async function periodSeries(scope: ReportScope, w: ReportWindow, spec: SeriesSpec, extra: Record<string, unknown> = {}): Promise<Series> {
  const m = spec.metrics;
  const sums = m.map((x) => `coalesce(sum(f.${x}), 0)::text as ${x}`).join(', ');
  const totals = m.map((x) => `'${x}', ${cur(x)}::text, 'previous_${x}', ${prev(x)}::text`).join(', ');
  const sql = `with facts as (${spec.facts}), totals_facts as (${spec.totalsFacts ?? 'select * from facts'}), b as (${BUCKETS})
    select (select coalesce(json_agg(r order by r.period), '[]'::json) from (
              select b.bucket::text as period, to_char(b.bucket, :label) as label, ${sums}
                from b left join facts f on f.day >= :start::date and ${bucketOf('f.day')} = b.bucket
               group by b.bucket) r) as rows,
           (select json_build_object(${totals}) from totals_facts) as totals`;
  const [row] = await runWindow<{ rows: Record<string, string>[]; totals: Record<string, string> }>(scope, w, sql, extra);
  return {
    rows: row.rows,
    totals: Object.fromEntries(m.map((x) => [x, { current: row.totals[x], previous: row.totals[`previous_${x}`] }])),
  };
}
