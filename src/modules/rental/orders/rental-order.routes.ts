import type { RouteRow } from '../../../../rest-adapter/route.types';
import { invoiceRoutes } from './invoice.routes';

const LINE =
  '{ id itemId itemNumber itemName position quantity days billedDays breakdown { period count days rate amount } unitPrice amount }';
const TRANSACTION = `{ id organizationId customerId customer { id name email } orderDate pickupDate returnDate rentalDays status lines ${LINE} subtotal taxRate tax total currency notes completedAt cancelledAt createdById createdAt updatedAt }`;
const EXAMPLE_ID = '00000000-0000-4000-8000-000000000000';

/** Rental operations, parts 4-6 (docs/rental.md): the spec's transactions, the rental settings, invoices and payments. */
export const rentalRoutes: RouteRow[] = [
  {
    method: 'GET',
    path: '/api/transactions',
    operation: 'transactions',
    tag: 'Transactions',
    summary:
      'Rental orders (paginated; status, customerId, startDate/endDate on the order date, search on customer name/email, sortBy)',
    selection: `{ data ${TRANSACTION} pagination { currentPage totalPages totalItems pageSize hasNextPage hasPreviousPage } }`,
  },
  {
    method: 'GET',
    path: '/api/transactions/:id',
    operation: 'transaction',
    tag: 'Transactions',
    summary: 'One rental order with its lines',
    selection: TRANSACTION,
  },
  {
    method: 'POST',
    path: '/api/transactions',
    operation: 'createTransaction',
    body: 'input',
    status: 201,
    tag: 'Transactions',
    selection: TRANSACTION,
    summary:
      'Book a rental: amounts are computed by the server (amounts in the body are refused); 409 naming the items and days if any item would be overbooked',
    example: {
      customerId: EXAMPLE_ID,
      pickupDate: '2026-07-01',
      returnDate: '2026-07-08',
      lines: [{ itemId: EXAMPLE_ID, quantity: 1 }],
      notes: 'Deliver to site',
    },
  },
  {
    method: 'POST',
    path: '/api/transactions/:id/complete',
    operation: 'completeTransaction',
    tag: 'Transactions',
    summary: "pending -> completed (final); adds the total to the customer's lifetime order value",
    selection: TRANSACTION,
  },
  {
    method: 'POST',
    path: '/api/transactions/:id/cancel',
    operation: 'cancelTransaction',
    tag: 'Transactions',
    summary: 'pending -> cancelled (final); releases the units',
    selection: TRANSACTION,
  },
  {
    method: 'GET',
    path: '/api/settings/rental',
    operation: 'rentalSettings',
    tag: 'Settings',
    summary: 'Currency and tax rate of your organization',
  },
  {
    method: 'PUT',
    path: '/api/settings/rental',
    operation: 'updateRentalSettings',
    body: 'input',
    tag: 'Settings',
    summary: 'Set the currency and tax rate in percent (admin)',
    example: { currency: 'USD', taxRate: '8.25' },
  },
  ...invoiceRoutes,
];
