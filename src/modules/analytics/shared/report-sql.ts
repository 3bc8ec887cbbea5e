import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../../http/principal';
import { knownTimezone, localDate } from '../../../lib/calendar-days';
import { reportWindow, ReportWindow, WindowArgs, windowBindings } from './report-window';

/**
 * The one period/range/comparison helper of every report (docs/analytics.md, "How reports are computed").
 * Reports are SQL: aggregates and window functions run in PostgreSQL, never loops over rows in Node. Each
 * statement takes NAMED parameters (`:org`, `:start`, ...) and must name `:org` in its WHERE: the
 * organization comes from the principal, never from an argument, and `run` refuses SQL without it.
 */
export interface ReportScope {
  em: EntityManager;
  org: string;
  timezone: string;
  today: string;
}

export type Row = Record<string, unknown>;

/** The caller's organization, its timezone (organization settings) and its local today. */
export async function scopeOf(em: EntityManager, principal: Principal): Promise<ReportScope> {
  const [org] = await em.execute<{ timezone: string | null }[]>('select timezone from organizations where id = ?', [
    principal.organizationId,
  ]);
  const timezone = knownTimezone(org?.timezone);
  return { em, org: principal.organizationId, timezone, today: localDate(timezone) };
}

export function windowOf(scope: ReportScope, args: WindowArgs): ReportWindow {
  return reportWindow(args, scope.timezone, scope.today);
}

/** Sees every report statement as it is sent, in PostgreSQL's $n form (bench/analytics.bench.ts replays them as raw SQL). */
export const reportTrace: { statement?: (sql: string, bindings: readonly unknown[]) => void } = {};

/** Runs one statement with named parameters; the tenant parameter is always the scope's organization. */
export async function run<T = Row>(
  scope: ReportScope,
  sql: string,
  params: Record<string, unknown> = {},
): Promise<T[]> {
  if (!/:org\b/.test(sql)) throw new Error('report SQL without the :org tenant predicate');
  const raw = scope.em.getKnex().raw(sql, { ...params, org: scope.org } as never);
  if (reportTrace.statement) {
    const native = raw.toSQL().toNative();
    reportTrace.statement(native.sql, native.bindings);
  }
  return scope.em.execute<T[]>(raw as never);
}

/** Runs a windowed statement: the window's parameters plus `extra`. */
export function runWindow<T = Row>(
  scope: ReportScope,
  w: ReportWindow,
  sql: string,
  extra: Record<string, unknown> = {},
): Promise<T[]> {
  return run<T>(scope, sql, { ...windowBindings(scope.org, w), ...extra });
}

export type ColumnKind = 'date' | 'timestamp';

/** A column's local calendar day: DATE columns are already the business's days; timestamps are converted. */
export function localDay(column: string, kind: ColumnKind): string {
  return kind === 'date' ? column : `(${column} at time zone :tz)::date`;
}

/**
 * An index-friendly predicate: the column's local day lies in [from, to] (inclusive parameter names).
 * Timestamps are compared with the UTC instants of local midnights, so an index on the raw column serves it.
 */
export function within(column: string, kind: ColumnKind, from = 'pstart', to = 'end'): string {
  if (kind === 'date') return `${column} between :${from}::date and :${to}::date`;
  return `${column} >= (:${from}::date)::timestamp at time zone :tz and ${column} < (:${to}::date + 1)::timestamp at time zone :tz`;
}

/** The bucket (first day of the day/week/month/quarter) of a local day expression. */
export const bucketOf = (day: string): string => `date_trunc(:period, (${day})::timestamp)::date`;

/** Every bucket of the current range, so empty buckets are rows of zeros. */
export const BUCKETS = `select b::date as bucket from generate_series(date_trunc(:period, (:start::date)::timestamp), (:end::date)::timestamp, :step::interval) b`;

/** Sum of `expr` over the facts of the current range / of the previous range (`day` is the local day column). */
export const cur = (expr: string, day = 'day'): string =>
  `coalesce(sum(${expr}) filter (where ${day} >= :start::date), 0)`;
export const prev = (expr: string, day = 'day'): string =>
  `coalesce(sum(${expr}) filter (where ${day} < :start::date), 0)`;

/** A percentage with one decimal, null when the denominator is 0. */
export const pct = (num: string, den: string): string => `round(100.0 * (${num}) / nullif(${den}, 0), 1)::float8`;

/** The row of the empty grouping set `()` of a `group by grouping sets (..., ())` statement: it always exists. */
export function totalOf<T extends { total: boolean }>(rows: T[]): T {
  const total = rows.find((r) => r.total);
  if (!total) throw new Error('grouping sets statement without its total row');
  return total;
}
