import type { RouteRow } from '../../../http/route-row';

/** How a report is drawn: a vega-lite bar, line or area chart of the report's table (format/chart.ts). */
export interface ChartSpec {
  mark: 'bar' | 'line' | 'area';
  /** Column on the x axis (a category, or a bucket label). */
  x: string;
  /** One or more numeric columns; several are drawn as series (colour) side by side or stacked. */
  y: string[];
  /** Stack the series (default: grouped bars or separate lines). */
  stack?: boolean;
  title: string;
  yTitle?: string;
}

/** What the format layer needs beside a REST row: the table of the body and its chart. */
export interface ReportFormat {
  /** Dotted path of the table in the JSON body (default `rows`). */
  table?: string;
  /** CSV columns, in order: dotted paths into a table row. */
  columns: string[];
  chart: ChartSpec;
}

/** A REST row of the analytics table, with its CSV and SVG renderings. */
export type ReportRow = RouteRow & { format: ReportFormat };

/** The value at a dotted path. */
export function at(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), value);
}

export function tableOf(body: unknown, format: ReportFormat): Record<string, unknown>[] {
  const rows = at(body, format.table ?? 'rows');
  return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
}
