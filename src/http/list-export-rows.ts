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
