/**
 * CSV cells safe to open in a spreadsheet: the analytics CSV (src/modules/analytics/format/csv.ts) and the streamed
 * list exports (rest-adapter/list-export.ts) write every cell through `csvText`.
 */

/** A plain decimal number is data, never a formula, even with a leading minus. */
const NUMBER = /^-?\d+(\.\d+)?$/;
/** Spreadsheets run a cell that begins with these as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell's text: objects as JSON, null as empty; text a spreadsheet would run as a formula gets a leading `'`. */
export function csvText(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return FORMULA_START.test(text) && !NUMBER.test(text) ? `'${text}` : text;
}

/** Text that must be quoted (RFC 4180, and leading or trailing spaces that a spreadsheet would trim). */
export const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** One cell: `csvText`, quoted as RFC 4180 wants. */
export function csvCell(value: unknown): string {
  const text = csvText(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
