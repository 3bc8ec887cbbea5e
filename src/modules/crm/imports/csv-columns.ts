import { isEmail } from 'class-validator';
import { E164, E164_MESSAGE } from '../../../lib/fields';
import type { ImportRowError } from './import.types';

export type ImportField = 'name' | 'email' | 'phone' | 'address' | 'city' | 'state' | 'zipCode';

/** Common header names of each field, compared after lower-casing and turning `_`/`-` into spaces. */
const ALIASES: Record<ImportField, string[]> = {
  name: ['customer name', 'name', 'customer', 'full name', 'contact name'],
  email: ['email', 'email address', 'e mail', 'mail'],
  phone: ['phone', 'phone number', 'telephone', 'tel', 'mobile', 'cell'],
  address: ['address', 'street', 'street address', 'address1', 'address 1', 'billing address'],
  city: ['city', 'town'],
  state: ['state', 'province', 'region', 'state province'],
  zipCode: ['zip', 'zip code', 'zipcode', 'postal code', 'postcode', 'post code'],
};

const MAX: Record<ImportField, number> = {
  name: 200,
  email: 320,
  phone: 20,
  address: 300,
  city: 100,
  state: 100,
  zipCode: 20,
};

export const REQUIRED_FIELDS: ImportField[] = ['name', 'email'];

export interface ColumnMap {
  index: Partial<Record<ImportField, number>>;
  columns: Record<string, string>;
  ignored: string[];
  /** The header's number of cells: a row with more, non-empty ones, has its cells shifted. */
  width: number;
}

function normalize(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/[_\-.]+/g, ' ')
    .replace(/\s+/g, ' ');
}

/** Maps header cells to fields (the first matching column wins); the others are reported as ignored. */
export function mapColumns(header: string[]): ColumnMap {
  const map: ColumnMap = { index: {}, columns: {}, ignored: [], width: header.length };
  header.forEach((cell, i) => {
    const n = normalize(cell);
    const field = (Object.keys(ALIASES) as ImportField[]).find((f) => ALIASES[f].includes(n));
    if (field && map.index[field] === undefined) {
      map.index[field] = i;
      map.columns[field] = cell.trim();
    } else if (cell.trim() !== '') map.ignored.push(cell.trim());
  });
  return map;
}

/** A row without problems: name and email are present, the other fields where the file has them. */
export type ImportRow = { line: number; name: string; email: string } & Partial<Record<ImportField, string>>;

/** The row's fields (trimmed, empty as absent) when it has no problems, and every problem with them. */
export function readRow(cells: string[], line: number, map: ColumnMap): { row?: ImportRow; errors: ImportRowError[] } {
  const row: { line: number } & Partial<Record<ImportField, string>> = { line };
  const errors: ImportRowError[] = [];
  if (cells.slice(map.width).some((cell) => cell.trim() !== ''))
    errors.push({
      row: line,
      field: 'row',
      message: `the row has ${cells.length} cells and the header ${map.width}: quote a cell that contains a comma`,
    });
  for (const [field, i] of Object.entries(map.index) as [ImportField, number][]) {
    const v = (cells[i] ?? '').trim();
    if (v === '') continue;
    if (v.length > MAX[field])
      errors.push({ row: line, field, message: `${field} must be at most ${MAX[field]} characters` });
    else row[field] = field === 'email' ? v.toLowerCase() : v;
  }
  for (const f of REQUIRED_FIELDS)
    if (!row[f] && !errors.some((e) => e.field === f))
      errors.push({ row: line, field: f, message: `${f} is required` });
  if (row.email && !isEmail(row.email))
    errors.push({ row: line, field: 'email', message: 'email must be a valid email address' });
  if (row.phone && !E164.test(row.phone)) errors.push({ row: line, field: 'phone', message: E164_MESSAGE });
  const { name, email } = row;
  return errors.length || !name || !email ? { errors } : { row: { ...row, name, email }, errors }; // a missing name or email is among the errors
}
