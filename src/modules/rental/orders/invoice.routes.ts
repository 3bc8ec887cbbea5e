import type { RouteRow } from '../../../http/route-row';
import { INVOICE_CELLS } from './invoice.cells';

const INVOICE =
  '{ id organizationId number invoiceNumber transactionId customerId customer { id name email } issueDate dueDate status subtotal damageWaiver deliveryFee pickupFee tax chargesTotal charges { chargeId kind description amount } total amountPaid balance isPaid currency sentAt paidAt voidedAt createdAt updatedAt }';
const PAYMENT = '{ id organizationId kind invoiceId transactionId amount method paidOn reference createdAt updatedAt }';
const PAGE = 'pagination { currentPage totalPages totalItems pageSize hasNextPage hasPreviousPage }';
const tag = 'Invoices';

/** Rental operations, part 6 (docs/rental.md): invoices from transactions, and payments against them. */
export const invoiceRoutes: RouteRow[] = [
  {
    method: 'GET',
    path: '/api/invoices',
    operation: 'invoices',
    exportable: true,
    exportCells: INVOICE_CELLS,
    tag,
    summary:
      'Invoices (paginated; status incl. overdue, customerId, startDate/endDate on the issue date, search on customer name/email, sortBy)',
    selection: `{ data ${INVOICE} ${PAGE} }`,
  },
  {
    method: 'GET',
    path: '/api/invoices/:id',
    operation: 'invoice',
    tag,
    summary: 'One invoice with its balance, its lines (rental lines, then the charges billed on it) and its PDF path',
    selection: INVOICE.replace(
      / }$/,
      ' lines { kind itemNumber description quantity unitPrice amount taxable } pdfUrl }',
    ),
  },
  {
    method: 'POST',
    path: '/api/invoices',
    operation: 'createInvoice',
    body: 'input',
    status: 201,
    tag,
    summary: 'Invoice a transaction (draft; next number of your organization; due date default issue date + 30 days)',
    selection: INVOICE,
    example: { transactionId: '00000000-0000-4000-8000-000000000000', dueDate: '2026-08-15' },
  },
  {
    method: 'POST',
    path: '/api/invoices/:id/send',
    operation: 'sendInvoice',
    tag,
    summary: 'draft -> sent',
    selection: INVOICE,
  },
  {
    method: 'POST',
    path: '/api/invoices/:id/void',
    operation: 'voidInvoice',
    tag,
    summary: 'Void an unpaid invoice (final)',
    selection: INVOICE,
  },
  {
    method: 'GET',
    path: '/api/invoices/:id/payments',
    operation: 'payments',
    params: { id: 'invoiceId' },
    tag,
    summary: "An invoice's payments (paginated)",
    selection: `{ data ${PAYMENT} ${PAGE} }`,
  },
  {
    method: 'POST',
    path: '/api/invoices/:id/payments',
    operation: 'recordPayment',
    params: { id: 'invoiceId' },
    body: 'input',
    status: 201,
    tag,
    summary: 'Record a payment; more than the balance is refused (409); balance 0 makes the invoice paid',
    selection: PAYMENT,
    example: { amount: '100.00', method: 'card', paidOn: '2026-07-10', reference: 'POS 4411' },
  },
];
