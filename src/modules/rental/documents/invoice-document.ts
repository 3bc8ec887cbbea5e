import type { EntityManager } from '@mikro-orm/postgresql';
import { formatMoney } from '../../../lib/money';
import { Invoice, invoiceStatusOn } from '../orders/invoice.entity';
import { InvoiceLineKind } from '../orders/invoice-line.types';
import { invoiceLines } from '../orders/invoice-lines';
import { orderSlots } from './order-slots';
import { RentalOrder } from '../orders/rental-order.entity';
import type { DocumentBranding } from './branding.entity';
import type { DocumentLine, RentalDocument } from './document-model';
import { brandOf, customerParty, longDay } from './document-parts';

const capitalized = (s: string) => s[0].toUpperCase() + s.slice(1);

/**
 * The invoice as a document: its lines (the order's rental lines, then the charges billed on it: invoice-lines.ts),
 * subtotal, tax, total, paid and balance due, the organization's invoice terms.
 */
/** Lines drawn elsewhere than under "Charges": the rental lines, and the waiver and fees (their own slots). */
const NOT_CHARGES = new Set([
  InvoiceLineKind.rental,
  InvoiceLineKind.waiver,
  InvoiceLineKind.delivery,
  InvoiceLineKind.pickup,
]);

export async function invoiceDocument(
  em: EntityManager,
  invoice: Invoice,
  branding: DocumentBranding,
  today: string,
): Promise<RentalDocument> {
  const [order, lines, brand, billTo] = await Promise.all([
    em.findOneOrFail(RentalOrder, invoice.order.id),
    invoiceLines(em, invoice),
    brandOf(em, branding),
    customerParty(em, invoice.customer.id, 'Bill to'),
  ]);
  const asDocumentLine = (l: (typeof lines)[number]): DocumentLine => ({
    description: l.description,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    amount: l.amount,
  });
  return {
    title: 'Invoice',
    number: invoice.invoiceNumber,
    issuedOn: invoice.issueDate,
    currency: invoice.currency,
    brand,
    facts: [
      { label: 'Issue date', value: longDay(invoice.issueDate) },
      { label: 'Due date', value: longDay(invoice.dueDate) },
      { label: 'Status', value: capitalized(invoiceStatusOn(invoice, today)) },
      { label: 'Rental', value: `${longDay(order.pickupDate)} – ${longDay(order.returnDate)}` },
    ],
    parties: [billTo],
    lines: lines.filter((l) => l.kind === InvoiceLineKind.rental).map(asDocumentLine),
    charges: lines.filter((l) => !NOT_CHARGES.has(l.kind)).map(asDocumentLine),
    ...orderSlots(invoice, order),
    totals: [
      { label: 'Subtotal', amount: invoice.subtotal },
      { label: order.taxExempt ? 'Tax (exempt)' : 'Tax', amount: invoice.tax },
      { label: 'Total', amount: invoice.total },
      { label: 'Paid', amount: invoice.amountPaid },
      { label: 'Balance due', amount: formatMoney(invoice.balance) },
    ],
    terms: branding.invoiceTerms,
    notes: order.notes,
  };
}
