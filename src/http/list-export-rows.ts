import type { Writable } from 'node:stream';
import { clock } from '../lib/clock';
import type { Principal } from './principal';
import type { RouteRow } from './route-row';

/** The path of a list's export: the list's path and this. */
export const EXPORT_SUFFIX = '/export';

/** The page parameters a list reads and its export does not: the export is every row of the filter. */
export const PAGE_ARGS: readonly string[] = ['page', 'limit'];

/**
 * The export row of an exportable list row (RouteRow `exportable`): the same operation, selection and access, at
 * `<path>/export`, answering CSV. It takes the list's parameters except the page's.
 */
export function exportRowOf(list: RouteRow): RouteRow {
  const { exportable: _, ...row } = list;
  return {
    ...row,
    path: `${list.path}${EXPORT_SUFFIX}`,
    summary: `Every row of GET ${list.path} as CSV (its filters and sort, no pages; streamed)`,
    export: true,
    file: {
      contentTypes: ['text/csv'],
      description:
        "CSV (RFC 4180, UTF-8, CRLF): a header of the columns of the list, then one line per row in the list's order; cells a spreadsheet would run as a formula begin with '",
    },
  };
}

/**
 * The REST table with each exportable list's export row just before the list's row: `/api/<list>/export` is then
 * matched before `/api/<list>/:id`.
 */
export function withExportRows(rows: readonly RouteRow[]): RouteRow[] {
  return rows.flatMap((row) => (row.exportable ? [exportRowOf(row), row] : [row]));
}

// A list's export as a background job (docs/jobs.md, "Exports as jobs"): what the REST adapter that starts it and
// the jobs module that works it share.

/** The kind of an export's job, and the pg-boss queue its worker works (created by a jobs migration). */
export const EXPORT_JOB_KIND = 'list_export';
export const EXPORT_QUEUE = 'list-export';

/** What an export job was asked: the list, its query string, and the access it runs with (the asker's, then). */
export interface ExportParams {
  list: string;
  query: Record<string, string | string[]>;
  principal: Pick<Principal, 'userId' | 'organizationId' | 'role' | 'email' | 'apiKeyId'>;
}

/** `contacts-2026-11-26.csv`: the list's last path segment and the day (UTC). */
export function exportFileName(list: string): string {
  return `${list.split('/').filter(Boolean).pop() ?? 'export'}-${clock.now().toISOString().slice(0, 10)}.csv`;
}

/**
 * The export for work outside a request (a job of the background-job record, writing to a file or an upload):
 * `list` is the list's path (`/api/contacts`), `params` its query-string parameters as the REST list takes them,
 * `principal` whose access and organization it runs with, `sink` any writable stream. Answers the rows written;
 * the list's own refusal (a bad filter, a role the list refuses) is thrown as its AppError before anything is written.
 */
export interface ListExporter {
  exportList(
    list: string,
    params: Record<string, string | string[]>,
    principal: Principal,
    sink: Writable,
    progress?: (rows: number) => void | Promise<void>,
  ): Promise<number>;
}
