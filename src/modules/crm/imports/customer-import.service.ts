import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { EntityManager } from '@mikro-orm/postgresql';
import { from as copyFrom } from 'pg-copy-streams';
import { AppError, ErrorCode } from '../../../lib/errors';
import { clock } from '../../../lib/clock';
import { ColumnMap, mapColumns, readRow, REQUIRED_FIELDS } from './csv-columns';
import { CsvInput, CsvRecord, isBlank, readCsv } from './csv-reader';
import {
  COPY_STAGING,
  CREATE_STAGING,
  copyLine,
  DECIDE,
  OUTCOMES,
  OutcomeRow,
  rejection,
  WRITES,
} from './customer-import.sql';
import { analyseWritten } from './import-statistics';
import { observeImport } from '../../../observability/metrics';
import type { ImportLimits, ImportProgress, ImportReport, ImportRowError } from './import.types';
import { PROGRESS_ROWS } from '../../../jobs/job-queue';

/** The pg connection of a knex transaction (the transaction's client hands out its own connection). */
interface Connection {
  query<R>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
  query<S extends NodeJS.WritableStream>(stream: S): S;
}

/** Text handed to COPY in pieces of about this size (one CopyData message each), not one message per row. */
const CHUNK = 64 * 1024;

/** What the pass over the file found: the columns, the data rows read and the rows rejected by validation. */
interface Read {
  map?: ColumnMap;
  totalRows: number;
  failedRows: number;
  errors: ImportRowError[];
}

/**
 * CSV customer import (docs/crm.md). The upload is already on disk (import-upload.ts streamed it there), or a job
 * reads it from the database (docs/jobs.md; the job's counters come through `progress`). One
 * transaction: the file is read once, streaming, and its valid rows are copied into a staging table (memory stays
 * flat whatever its size); every row is then decided and written with set-based statements. A file that turns out
 * malformed or too long half-way is refused (400 / 413) with nothing written; a dry run decides and rolls back.
 * If the process dies, nothing of the file is written: a re-run imports it whole.
 */
export class CustomerImportService {
  constructor(readonly limits: ImportLimits) {}

  async importFile(
    em: EntityManager,
    organizationId: string,
    input: CsvInput,
    opts: { dryRun: boolean; progress?: ImportProgress },
  ): Promise<ImportReport> {
    const progress = opts.progress ?? (async () => undefined);
    const started = process.hrtime.bigint();
    // nested in the request's transaction when it has one (a POST with an Idempotency-Key: http/idempotency.ts)
    const knex = em.getTransactionContext<ReturnType<EntityManager['getKnex']>>() ?? em.getKnex();
    const report = await knex.transaction(async (trx) => {
      const db = (await trx.client.acquireConnection()) as Connection;
      // for this transaction: memory to sort every row of the file once (the decisions), and the import's own time
      // limit instead of DB_STATEMENT_TIMEOUT_MS (one statement writes every row of the file)
      await db.query(`select set_config('work_mem', '64MB', true), set_config('statement_timeout', $1, true)`, [
        String(Math.floor(this.limits.timeoutMs)),
      ]);
      await db.query(CREATE_STAGING);
      const read = await this.stage(db, input, progress);
      if (!read.map) throw emptyFile();
      const rowsRead = read.totalRows;
      await progress({ rowsRead });
      await db.query('analyze import_rows'); // a temporary table has no statistics until analysed
      await db.query(DECIDE, [organizationId]);
      await progress({ rowsRead, rowsDecided: rowsRead }); // one statement decides every row
      await db.query('analyze import_decided'); // how few rows the updates touch
      const now = clock.now(); // one instant for every record the import writes
      if (!opts.dryRun) for (const sql of WRITES) await db.query(sql, [now, organizationId]);
      const { rows } = await db.query<OutcomeRow>(OUTCOMES);
      const result = summary(read, read.map, rows, opts.dryRun);
      await progress({ rowsRead, rowsDecided: rowsRead, rowsWritten: rowsWritten(result) });
      if (!opts.dryRun) await analyseWritten(db, result.created + result.updated); // fresh plans for what follows
      return result;
    });
    observeImport(report, Number(process.hrtime.bigint() - started) / 1e9);
    return report;
  }

  /**
   * The checks of a file that cost no write, before it is accepted as a job (docs/jobs.md): CSV syntax, a header
   * with the required columns, the row limit. Returns the number of data rows (the job's total).
   */
  async check(input: CsvInput): Promise<number> {
    let map: ColumnMap | undefined;
    let rows = 0;
    const csv = readCsv(input);
    try {
      for await (const { record } of csv.records as AsyncIterable<CsvRecord>) {
        if (isBlank(record)) continue;
        if (!map) map = header(record);
        else if (++rows > this.limits.maxRows) throw tooManyRows(this.limits.maxRows);
      }
    } catch (e) {
      throw csv.fileError(e) ?? e;
    }
    if (!map) throw emptyFile();
    return rows;
  }

  /** Reads the file once: header, CSV syntax, the row limit and each row's fields; copies the valid rows. */
  private async stage(db: Connection, input: CsvInput, progress: ImportProgress): Promise<Read> {
    const read: Read = { totalRows: 0, failedRows: 0, errors: [] };
    const { maxRows } = this.limits;
    let text = '';
    const toCopy = new Transform({
      writableObjectMode: true,
      transform({ record, info }: CsvRecord, _enc, done) {
        try {
          if (isBlank(record)) return done();
          if (!read.map) read.map = header(record);
          else if (++read.totalRows > maxRows) throw tooManyRows(maxRows);
          else {
            const { row, errors } = readRow(record, info.lines, read.map);
            if (row) text += copyLine(row);
            else {
              read.failedRows++; // a row may have several errors
              for (const e of errors) read.errors.push(e);
            }
          }
          if (text.length >= CHUNK) {
            this.push(text);
            text = '';
          }
          if (read.totalRows > 0 && read.totalRows % PROGRESS_ROWS === 0)
            return void progress({ rowsRead: read.totalRows }).then(() => done(), done);
          done();
        } catch (e) {
          done(e as Error);
        }
      },
      flush(done) {
        if (text) this.push(text);
        done();
      },
    });
    const csv = readCsv(input);
    try {
      await pipeline(csv.records, toCopy, db.query(copyFrom(COPY_STAGING)));
    } catch (e) {
      throw csv.fileError(e) ?? e;
    }
    return read;
  }
}

const emptyFile = () =>
  AppError.validation([{ field: 'file', message: 'the file is empty' }], 'The file has no header row');
const tooManyRows = (maxRows: number) =>
  new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `The file has more than ${maxRows} rows; split it`);

/** Rows whose records the import wrote (none in a dry run). */
export const rowsWritten = (report: ImportReport) => (report.dryRun ? 0 : report.created + report.updated);

/** The header row's columns; a header without the required columns refuses the file. */
function header(record: string[]): ColumnMap {
  const map = mapColumns(record);
  const missing = REQUIRED_FIELDS.filter((f) => map.index[f] === undefined);
  if (missing.length)
    throw AppError.validation(
      missing.map((f) => ({
        field: 'file',
        message: `the header row has no ${f} column (recognised: customer name / name, email, phone, address, city, state, zip / zip code / postal code)`,
      })),
      'The file has no header row with usable columns: the first row must name the columns, separated by commas',
    );
  return map;
}

/** The report: the rows rejected while reading and those the decisions rejected, in file order. */
function summary(read: Read, map: ColumnMap, outcomes: OutcomeRow[], dryRun: boolean): ImportReport {
  const count = (o: OutcomeRow['outcome']) => outcomes.find((r) => r.outcome === o)?.n ?? 0;
  const rejected = outcomes.flatMap((r) => r.failed.map(rejection));
  return {
    dryRun,
    totalRows: read.totalRows,
    created: count('created'),
    updated: count('updated'),
    skipped: count('skipped'),
    failed: read.failedRows + count('failed'),
    errors: [...read.errors, ...rejected].sort((a, b) => a.row - b.row),
    columns: map.columns,
    ignoredColumns: map.ignored,
  };
}
