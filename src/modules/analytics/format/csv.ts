import { at, ReportFormat, tableOf } from './report-format';

/** A plain decimal number is data, never a formula, even with a leading minus. */
const NUMBER = /^-?\d+(\.\d+)?$/;
/** Spreadsheets run a cell that begins with these as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: RFC 4180 quoting; text that a spreadsheet would run as a formula is prefixed with a single quote. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (FORMULA_START.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The report's table as CSV: a header row of the column names, then one line per row, CRLF line ends. */
export function toCsv(body: unknown, format: ReportFormat): string {
  const lines = [format.columns.map(csvCell).join(',')];
  for (const row of tableOf(body, format)) lines.push(format.columns.map((c) => csvCell(at(row, c))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
