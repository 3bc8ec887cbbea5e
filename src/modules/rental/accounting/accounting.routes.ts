import { FILE_SELECTION, page, type RouteRow } from '../../../http/route-row';

const EXPORT =
  '{ id organizationId format kind from to includeExported dateFormat recordCount rowCount remaining fileName createdById createdAt updatedAt }';
const CSV = {
  contentTypes: ['text/csv'],
  description: 'The CSV file (UTF-8, CRLF, a header row of the format’s columns)',
};
const tag = 'Accounting';

/** Accounting export (docs/rental.md, "Accounting export"). */
export const accountingRoutes: RouteRow[] = [
  {
    method: 'POST',
    path: '/api/accounting/exports',
    operation: 'createAccountingExport',
    body: 'input',
    status: 201,
    tag,
    summary:
      'Export the invoices (one row per line) or payments of a range as QuickBooks Online or Xero import CSV; what it takes is marked and left out of the next export unless includeExported',
    selection: FILE_SELECTION,
    file: CSV,
    example: { format: 'quickbooks', kind: 'invoices', from: '2026-07-01', to: '2026-07-31' },
  },
  {
    method: 'GET',
    path: '/api/accounting/exports',
    operation: 'accountingExports',
    tag,
    summary: 'The accounting exports made, newest first (paginated)',
    selection: page(EXPORT),
  },
  {
    method: 'GET',
    path: '/api/accounting/exports/:id',
    operation: 'accountingExport',
    tag,
    summary: 'One accounting export: what it took, its file name',
    selection: EXPORT,
  },
  {
    method: 'GET',
    path: '/api/accounting/exports/:id/file',
    operation: 'accountingExport',
    tag,
    summary: 'The file of an export again, as it was made (nothing is marked again)',
    selection: FILE_SELECTION,
    file: CSV,
  },
];
