import type { EntityManager } from '@mikro-orm/postgresql';
import { ref } from '@mikro-orm/core';
import { stringify } from 'csv-stringify/sync';
import { listPage, ListSpec } from '../../../db/list-query';
import { Page, SortOrder } from '../../../db/pagination';
import { findOr404 } from '../../../db/find-or-404';
import type { Principal } from '../../../http/principal';
import { addDays } from '../../../lib/calendar-days';
import { AppError } from '../../../lib/errors';
import { Organization } from '../../accounts/organizations/organization.entity';
import { User } from '../../accounts/users/user.entity';
import { Invoice } from '../orders/invoice.entity';
import { Payment } from '../orders/payment.entity';
import { AccountingExport, AccountingExportKind, AccountingExportMark } from './accounting-export.entity';
import type { AccountingExportInput, AccountingExportListArgs } from './accounting-export.types';
import { DEFAULTS, FILE_FORMATS, FileOptions } from './export-formats';
import { exportInvoices, exportPayments, Scope } from './export-sources';

const LIST: ListSpec<AccountingExport> = {
  searchFields: ['fileName'],
  sortable: { createdAt: 'createdAt' },
  defaultSort: { field: 'createdAt', order: SortOrder.desc },
  dateField: 'createdAt',
};

/** At most a year of days in one export. */
const MAX_DAYS = 366;

function checkRange(input: AccountingExportInput): void {
  if (input.to < input.from) throw AppError.validation([{ field: 'to', message: 'to must not be before from' }]);
  if (addDays(input.from, MAX_DAYS - 1) < input.to)
    throw AppError.validation([{ field: 'to', message: `the range may cover at most ${MAX_DAYS} days` }]);
}

interface ExportFile {
  columns: string[];
  rows: (string | number)[][];
  /** The invoices or payments in it. */
  ids: string[];
  remaining: number;
}

/** The rows of the file: the records of the scope in the format's columns. */
async function fileOf(
  tx: EntityManager,
  scope: Scope,
  kind: AccountingExportKind,
  o: FileOptions,
): Promise<ExportFile> {
  if (kind === AccountingExportKind.invoices) {
    const { columns, invoiceRows } = FILE_FORMATS[scope.format][AccountingExportKind.invoices];
    const found = await exportInvoices(tx, scope);
    const rows = found.records.flatMap((r) => invoiceRows(r.record, o));
    return { columns, rows, ids: found.records.map((r) => r.ref.id), remaining: found.remaining };
  }
  const { columns, paymentRow } = FILE_FORMATS[scope.format][AccountingExportKind.payments];
  const found = await exportPayments(tx, scope);
  const rows = found.records.map((r) => paymentRow(r.record, o));
  return { columns, rows, ids: found.records.map((r) => r.ref.id), remaining: found.remaining };
}

/**
 * Accounting exports (docs/rental.md, "Accounting export"): a range's invoices or payments as the CSV file QuickBooks
 * Online or Xero imports. The file, the export's row and the marks of what it exported are written in ONE transaction,
 * under a per-organization-and-format lock, so two exports at once never both take a record, and a second export of
 * the range leaves out what the first took unless `includeExported`.
 */
export class AccountingExportService {
  list(em: EntityManager, args: AccountingExportListArgs): Promise<Page<AccountingExport>> {
    return listPage(em, AccountingExport, args, LIST);
  }

  get(em: EntityManager, id: string): Promise<AccountingExport> {
    return findOr404(em, AccountingExport, id, 'Accounting export');
  }

  /** The file of an export (its content is lazy). */
  async content(em: EntityManager, exp: AccountingExport): Promise<string> {
    const row = await em.findOneOrFail(AccountingExport, exp.id, { populate: ['content'] });
    return row.content;
  }

  create(em: EntityManager, principal: Principal, input: AccountingExportInput): Promise<AccountingExport> {
    checkRange(input);
    const defaults = DEFAULTS[input.format];
    const options: FileOptions = {
      dateFormat: input.dateFormat ?? defaults.dateFormat,
      accountCode: input.accountCode ?? defaults.accountCode,
      taxCode: input.taxCode ?? defaults.taxCode,
      noTaxCode: defaults.noTaxCode,
    };
    return em.transactional(async (tx) => {
      await tx.execute(`select pg_advisory_xact_lock(hashtext(?))`, [
        `accounting-export:${principal.organizationId}:${input.format}`,
      ]);
      const scope = { format: input.format, from: input.from, to: input.to, includeExported: input.includeExported };
      const file = await fileOf(tx, scope, input.kind, options);
      const org = tx.getReference(Organization, principal.organizationId);
      const exp = new AccountingExport(org, {
        format: input.format,
        kind: input.kind,
        from: input.from,
        to: input.to,
        includeExported: input.includeExported,
        dateFormat: options.dateFormat,
        recordCount: file.ids.length,
        rowCount: file.rows.length,
        remaining: file.remaining,
        fileName: `${input.format}-${input.kind}-${input.from}_${input.to}.csv`,
        content: stringify([file.columns, ...file.rows], { record_delimiter: 'windows', quoted_match: /^\s|\s$/ }),
      });
      exp.createdBy = tx.getReference(User, principal.userId, { wrapped: true });
      tx.persist(exp);
      // a record exported again moves its mark to this export
      const key = input.kind === AccountingExportKind.invoices ? 'invoice' : 'payment';
      const target = key === 'invoice' ? Invoice : Payment;
      if (file.ids.length)
        await tx.nativeDelete(AccountingExportMark, { format: input.format, [key]: { $in: file.ids } });
      for (const id of file.ids) {
        const mark = new AccountingExportMark();
        Object.assign(mark, {
          organization: exp.organization,
          export: ref(exp),
          format: input.format,
          [key]: tx.getReference(target, id, { wrapped: true }),
        });
        tx.persist(mark);
      }
      return exp;
    });
  }
}
