import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { AppError } from '../../../lib/errors';

/** The file: a path on this machine (an upload being answered) or a stream (a job's input, from the database). */
export type CsvInput = string | Readable;

const source = (input: CsvInput): Readable => (typeof input === 'string' ? createReadStream(input) : input);

/** A record of the file and the line it ends on (the header is line 1). */
export type CsvRecord = { record: string[]; info: { lines: number } };

/** The longest row the import reads; a longer one is a cell this long or a quote that never closes. */
export const MAX_ROW_CHARS = 64 * 1024;

/**
 * The dialect the import reads (docs/crm.md, "Format"), and what becomes of each CSV problem:
 * - a quote inside a cell that does not start with one (`ab"c`, `=HYPERLINK("https://x")`) is a character of the
 *   cell, as spreadsheets read it (`relax_quotes`); so is a quote closing a cell that goes on (`"a"b`);
 * - rows shorter or longer than the header are read (`relax_column_count`; csv-columns.ts rejects a row whose
 *   extra cells hold anything);
 * - CRLF, LF and CR end rows, mixed in one file (without the list, csv-parse takes the first one it meets and reads
 *   the others as part of a cell);
 * - what remains is a problem of the file, not of a row (a quote open at the end of the file, a row longer than
 *   MAX_ROW_CHARS: csv-parse cannot find where the next row starts): `fileError` names the line that row starts on.
 * Rows whose cells are all blank are kept so that `lastRow` counts them; the import skips them.
 */
export function readCsv(input: CsvInput): {
  records: NodeJS.ReadableStream;
  fileError(e: unknown): AppError | undefined;
} {
  let last = { lines: 0, empty_lines: 0 }; // the last record read and the blank lines skipped up to it
  const parser = parse({
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    relax_quotes: true,
    record_delimiter: ['\r\n', '\n', '\r'],
    max_record_size: MAX_ROW_CHARS,
    info: true,
    on_record: (record, { lines, empty_lines }) => {
      last = { lines, empty_lines };
      return record;
    },
  });
  return {
    records: source(input)
      .on('error', (e) => parser.destroy(e))
      .pipe(parser),
    fileError(e) {
      if (!(e instanceof CsvError)) return undefined;
      const line = last.lines + 1 + (Number(e.empty_lines ?? last.empty_lines) - last.empty_lines);
      const problem =
        e.code === 'CSV_QUOTE_NOT_CLOSED'
          ? 'a quoted cell that starts in this row is never closed (the file ends inside it); double a quote that is part of the text'
          : e.code === 'CSV_MAX_RECORD_SIZE'
            ? `the row is longer than ${MAX_ROW_CHARS} characters (a quoted cell that is never closed?)`
            : e.message;
      return AppError.validation(
        [{ field: 'file', message: `line ${line}: ${problem}` }],
        `The file is not valid CSV at line ${line}`,
      );
    },
  };
}

/** A row whose cells are all blank (spaces count as blank): not a row of data. */
export const isBlank = (record: string[]) => record.every((cell) => cell.trim() === '');
