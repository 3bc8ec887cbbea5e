import type { EntityManager } from '@mikro-orm/postgresql';
import { ref, type Ref } from '@mikro-orm/core';
import { Customer } from '../../crm/customers/customer.entity';
import { Invoice, InvoiceStatus } from '../orders/invoice.entity';
import { invoiceLines } from '../orders/invoice-lines';
import { Payment } from '../orders/payment.entity';
import { RentalOrder } from '../orders/rental-order.entity';
import { AccountingExportMark, AccountingFormat } from './accounting-export.entity';
import { ExportInvoice, ExportPayment, lineTaxes } from './export-records';

/** Xero imports at most 500 invoices from one file, QuickBooks 1,000 rows of bank transactions. */
export const MAX_INVOICES = 500;
export const MAX_PAYMENTS = 1000;

export interface Scope {
  format: AccountingFormat;
  from: string;
  to: string;
  includeExported: boolean;
}

interface Found<R, E extends object> {
  records: { record: R; ref: Ref<E> }[];
  remaining: number;
}

/** Which of these records an earlier export in the format already took. */
async function marked(tx: EntityManager, format: AccountingFormat, key: 'invoice' | 'payment', ids: string[]) {
  if (!ids.length) return new Set<string>();
  const marks = await tx.find(AccountingExportMark, { format, [key]: { $in: ids } });
  return new Set(marks.map((m) => m[key]?.id));
}

/** Records not exported in the format yet (unless includeExported), the first `max` of them, and how many more. */
async function pick<T extends { id: string }>(
  tx: EntityManager,
  scope: Scope,
  key: 'invoice' | 'payment',
  all: T[],
  max: number,
) {
  const done = scope.includeExported
    ? new Set<string>()
    : await marked(
        tx,
        scope.format,
        key,
        all.map((r) => r.id),
      );
  const open = all.filter((r) => !done.has(r.id));
  return { taken: open.slice(0, max), remaining: Math.max(0, open.length - max) };
}

/** The value of a key the caller just loaded (a row of the same transaction). */
function loaded<V>(map: Map<string, V>, id: string): V {
  const value = map.get(id);
  if (value === undefined) throw new Error(`accounting export: ${id} was not loaded`);
  return value;
}

async function customersById(tx: EntityManager, ids: string[]): Promise<Map<string, Customer>> {
  const customers = await tx.find(Customer, { id: { $in: [...new Set(ids)] } }, { populate: ['contact'] });
  return new Map(customers.map((c) => [c.id, c]));
}

/**
 * The invoices issued in the range that were sent (a draft is not final, a void one is not owed), by number, each
 * with its lines (the order's rental lines and the charges billed on it) and their taxes.
 */
export async function exportInvoices(tx: EntityManager, scope: Scope): Promise<Found<ExportInvoice, Invoice>> {
  const all = await tx.find(
    Invoice,
    {
      issueDate: { $gte: scope.from, $lte: scope.to },
      storedStatus: { $in: [InvoiceStatus.sent, InvoiceStatus.paid] },
    },
    { orderBy: { number: 'asc' } },
  );
  const { taken, remaining } = await pick(tx, scope, 'invoice', all, MAX_INVOICES);
  const orders = new Map(
    (await tx.find(RentalOrder, { id: { $in: taken.map((i) => i.order.id) } })).map((o) => [o.id, o]),
  );
  const customers = await customersById(
    tx,
    taken.map((i) => i.customer.id),
  );
  const records: Found<ExportInvoice, Invoice>['records'] = [];
  for (const invoice of taken) {
    const order = loaded(orders, invoice.order.id);
    const customer = loaded(customers, invoice.customer.id);
    const contact = customer.contact.getEntity();
    const lines = await invoiceLines(tx, invoice);
    const taxes = lineTaxes(lines, invoice.tax);
    records.push({
      ref: ref(invoice),
      record: {
        number: invoice.invoiceNumber,
        issueDate: invoice.issueDate,
        dueDate: invoice.dueDate,
        currency: invoice.currency,
        taxRate: order.taxRate,
        tax: invoice.tax,
        total: invoice.total,
        pickupDate: order.pickupDate,
        returnDate: order.returnDate,
        customer: {
          name: contact.name,
          email: contact.email,
          street: customer.billingAddress ?? contact.address,
          city: customer.billingAddress ? customer.billingCity : contact.city,
          region: customer.billingAddress ? customer.billingState : contact.state,
          postalCode: customer.billingAddress ? customer.billingZipCode : contact.zipCode,
        },
        lines: lines.map((l, i) => Object.assign(l, { lineTax: taxes[i] })),
      },
    });
  }
  return { records, remaining };
}

function invoiceIdOf(p: Payment): string {
  if (!p.invoice) throw new Error(`exportPayments: payment ${p.id} pays no invoice`); // the query took only those
  return p.invoice.id;
}

/**
 * The payments of invoices received in the range, by day, each with its invoice's number and customer. Deposits
 * collected and refunded are not among them: they are money held for the customer, not paid on an invoice (a
 * retention is, and is exported as the invoice's payment).
 */
export async function exportPayments(tx: EntityManager, scope: Scope): Promise<Found<ExportPayment, Payment>> {
  const all = await tx.find(
    Payment,
    { paidOn: { $gte: scope.from, $lte: scope.to }, invoice: { $ne: null } },
    { orderBy: { paidOn: 'asc', createdAt: 'asc', id: 'asc' } },
  );
  const { taken, remaining } = await pick(tx, scope, 'payment', all, MAX_PAYMENTS);
  const invoices = new Map((await tx.find(Invoice, { id: { $in: taken.map(invoiceIdOf) } })).map((i) => [i.id, i]));
  const customers = await customersById(
    tx,
    [...invoices.values()].map((i) => i.customer.id),
  );
  return {
    remaining,
    records: taken.map((p) => {
      const invoice = loaded(invoices, invoiceIdOf(p));
      return {
        ref: ref(p),
        record: {
          paidOn: p.paidOn,
          amount: p.amount,
          method: p.method,
          reference: p.reference,
          invoiceNumber: invoice.invoiceNumber,
          customerName: loaded(customers, invoice.customer.id).contact.getEntity().name,
          currency: invoice.currency,
        },
      };
    }),
  };
}
