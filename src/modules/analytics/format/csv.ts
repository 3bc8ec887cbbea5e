import { csvCell } from '../../../lib/csv-cell';
import { at, ReportFormat, tableOf } from './report-format';

/** The report's table as CSV: a header row of the column names, then one line per row, CRLF line ends. */
export function toCsv(body: unknown, format: ReportFormat): string {
  const lines = [format.columns.map(csvCell).join(',')];
  for (const row of tableOf(body, format)) lines.push(format.columns.map((c) => csvCell(at(row, c))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
