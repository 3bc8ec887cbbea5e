import Decimal from 'decimal.js';
import { formatMoney } from '../../../lib/money';
import type { InvoiceLine } from '../orders/invoice-line.types';
import { taxOn } from '../orders/invoice-lines';
import { AccountingDateFormat } from './accounting-export.entity';

/** An invoice as the export files need it: its header, customer, lines and the tax of each line. */
export interface ExportInvoice {
  number: string;
  issueDate: string;
  dueDate: string;
  currency: string;
  taxRate: string;
  tax: string;
  total: string;
  pickupDate: string;
  returnDate: string;
  customer: {
    name: string;
    email: string | null;
    street: string | null;
    city: string | null;
    region: string | null;
    postalCode: string | null;
  };
  lines: (InvoiceLine & { lineTax: string })[];
}

/** A payment with its invoice's number and customer. */
export interface ExportPayment {
  paidOn: string;
  amount: string;
  method: string;
  reference: string | null;
  invoiceNumber: string;
  customerName: string;
  currency: string;
}

/**
 * The tax of each line, adding up to the invoice's tax: each line's amount taxed at its rate (rounded half-up), the
 * cent or two that rounding leaves apart put on the largest line. Importers that take a tax amount per line then
 * reproduce the invoice's total exactly.
 */
export function lineTaxes(lines: InvoiceLine[], tax: string): string[] {
  const each = lines.map((l) => (l.taxable ? taxOn(l.amount, l.taxRate) : new Decimal(0)));
  const rest = new Decimal(tax).minus(each.reduce((s, t) => s.plus(t), new Decimal(0)));
  if (!rest.isZero() && lines.length) {
    const largest = lines.reduce((best, l, i) => (new Decimal(l.amount).gt(lines[best].amount) ? i : best), 0);
    each[largest] = each[largest].plus(rest);
  }
  return each.map((t) => formatMoney(t));
}

/** A day in the file's format. */
export function fileDay(day: string, format: AccountingDateFormat): string {
  const [y, m, d] = day.split('-');
  if (format === AccountingDateFormat.MDY) return `${m}/${d}/${y}`;
  if (format === AccountingDateFormat.DMY) return `${d}/${m}/${y}`;
  return day;
}

/** Spreadsheets run a cell that begins with these as a formula (OWASP "CSV injection"): such text gets a leading '. */
const FORMULA_START = /^[=+\-@\t\r]/;
export function safeText(value: string | null | undefined): string {
  if (!value) return '';
  return FORMULA_START.test(value) ? `'${value}` : value;
}
