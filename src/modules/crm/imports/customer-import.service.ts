import { createReadStream } from 'node:fs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { parse } from 'csv-parse';
import { AppError, ErrorCode } from '../../../lib/errors';
import { addCounts, BatchCounts, decideBatch, findExisting, Stored, writeBatch } from './customer-import.batch';
import { ColumnMap, ImportRow, mapColumns, readRow, REQUIRED_FIELDS } from './csv-columns';
import { observeImport } from '../../../observability/metrics';
import type { ImportLimits, ImportReport } from './import.types';

type Record_ = { record: string[]; info: { lines: number } };

function rows(path: string): AsyncIterable<Record_> {
  return createReadStream(path).pipe(
    parse({
      bom: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      relax_column_count: true,
      info: true,
      max_record_size: 64 * 1024,
    }),
  );
}

/**
 * CSV customer import (docs/crm.md). The upload is already on disk (import-upload.ts streamed it there);
 * the file is read twice, streaming, so memory stays flat whatever its size:
 *  1. check: header, usable columns, CSV syntax and the row limit (400 / 413 before anything is written);
 *  2. import: rows are validated and written in batches, each batch in its own transaction.
 * A rejected row is reported and never blocks the others. If the process dies half-way, the committed
 * batches stay; re-running the same file updates or skips them (matched by email) and creates the rest.
 */
export class CustomerImportService {
  constructor(readonly limits: ImportLimits) {}

  async importFile(
    em: EntityManager,
    organizationId: string,
    path: string,
    opts: { dryRun: boolean },
  ): Promise<ImportReport> {
    const started = process.hrtime.bigint();
    const map = await this.check(path);
    const report: ImportReport = {
      dryRun: opts.dryRun,
      totalRows: 0,
      created: 0,
      updated: 0,
      skipped: 0,
      failed: 0,
      errors: [],
      columns: map.columns,
      ignoredColumns: map.ignored,
    };
    const dryRunSeen = new Map<string, Stored>(); // dry run only: the records as earlier batches would have left them
    let batch: ImportRow[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const fork = em.fork({ clear: true });
      const rowsOfBatch = batch;
      addCounts(
        report,
        opts.dryRun
          ? await this.dryRun(fork, organizationId, rowsOfBatch, dryRunSeen)
          : await fork.transactional((tx) => writeBatch(tx, organizationId, rowsOfBatch)),
      );
      batch = [];
    };
    let header = true;
    for await (const { record, info } of rows(path)) {
      if (header) {
        header = false;
        continue;
      }
      report.totalRows++;
      const { row, errors } = readRow(record, info.lines, map);
      if (!row) {
        report.failed++;
        report.errors.push(...errors);
        continue;
      }
      batch.push(row);
      if (batch.length >= this.limits.batchSize) await flush();
    }
    await flush();
    report.errors.sort((a, b) => a.row - b.row);
    observeImport(report, Number(process.hrtime.bigint() - started) / 1e9);
    return report;
  }

  /** Pass 1: the whole file is valid CSV with a usable header and not too many rows. */
  private async check(path: string): Promise<ColumnMap> {
    let map: ColumnMap | undefined;
    let count = 0;
    try {
      for await (const { record } of rows(path)) {
        if (!map) {
          map = mapColumns(record);
          const { index } = map;
          const missing = REQUIRED_FIELDS.filter((f) => index[f] === undefined);
          if (missing.length) {
            throw AppError.validation(
              missing.map((f) => ({
                field: 'file',
                message: `the header row has no ${f} column (recognised: customer name / name, email, phone, address, city, state, zip / zip code / postal code)`,
              })),
              'The file has no header row with usable columns: the first row must name the columns',
            );
          }
        } else if (++count > this.limits.maxRows) {
          throw new AppError(
            ErrorCode.PAYLOAD_TOO_LARGE,
            `The file has more than ${this.limits.maxRows} rows; split it`,
          );
        }
      }
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw AppError.validation([{ field: 'file', message: (e as Error).message }], 'The file is not valid CSV');
    }
    if (!map)
      throw AppError.validation([{ field: 'file', message: 'the file is empty' }], 'The file has no header row');
    return map;
  }

  /**
   * Decides every row exactly as the import would, without writing: the records as earlier batches would have
   * left them are kept (`seen`, one small object per email) so that a later row is decided against them.
   */
  private async dryRun(
    em: EntityManager,
    organizationId: string,
    batch: ImportRow[],
    seen: Map<string, Stored>,
  ): Promise<BatchCounts> {
    const existing = await findExisting(em, organizationId, batch);
    for (const row of batch) {
      const earlier = seen.get(row.email);
      if (earlier) existing.set(row.email, earlier);
    }
    const { report } = decideBatch(existing, batch);
    for (const [email, stored] of existing) seen.set(email, stored);
    return report;
  }
}
