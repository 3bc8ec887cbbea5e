import type { RouteRow } from '../../../http/route-row';
import { invoiceRoutes } from './invoice.routes';
import { deskRoutes } from './rental-desk.routes';
import { CHARGE, chargeRoutes } from './order-charge.routes';
import { RENTAL_ORDER_CELLS } from './rental-order.cells';

const CHECKS = 'checklist { item passed note damage }';
const CHECKOUT = `{ id lineId unitId assetTag quantity meterOut checklistPassed ${CHECKS} releasedById releasedTo checkedOutAt }`;
const RETURN = `{ id lineId unitId assetTag quantity kind returnedOn meterIn condition damageNotes photoUrls checklistPassed ${CHECKS} receivedById checkedInAt }`;
const RULE = 'rule { id name kind }';
const LINE_FIELDS = `id itemId itemNumber itemName position quantity quantityOut quantityReturned days billedDays breakdown { period count days rate amount ${RULE} } discounts { ${RULE} percent amount } minimum { days ${RULE} } unitPrice amount taxRate`;
const HISTORY = '{ id kind occurredAt title detail userId }';
const ORDER_FIELDS =
  'id organizationId customerId customer { id name email } orderDate pickupDate returnDate rentalDays status fulfillment overdue';
const EXTRAS =
  'waiverOptOut waiverPercent damageWaiver delivery pickup deliveryZone deliveryFee pickupFee deposit depositRaised depositCollected depositRefunded depositRetained depositHeld depositDue taxExempt taxExemptCertificate creditOverrideReason';
const TOTALS = `subtotal taxRate tax total ${EXTRAS} currency notes completedAt cancelledAt createdById`;
/** A page of transactions: the lines without what went out and came back (the query cost of 100 orders). */
const LISTED = `{ ${ORDER_FIELDS} lines { ${LINE_FIELDS} } ${TOTALS} createdAt updatedAt }`;
/** One transaction: its check-outs and check-ins (each naming its line) and its moves, 50 of each at most (GraphQL: limit). */
const TRANSACTION = `{ ${ORDER_FIELDS} lines { ${LINE_FIELDS} } ${TOTALS} checkouts ${CHECKOUT} returns ${RETURN} charges ${CHARGE} history ${HISTORY} createdAt updatedAt }`;
const CHANGE = `{ transaction ${TRANSACTION} previousTotal total difference }`;
const EXAMPLE_ID = '00000000-0000-4000-8000-000000000000';

/** Rental operations, parts 4-6 (docs/rental.md): the spec's transactions, the rental settings, invoices and payments. */
export const rentalRoutes: RouteRow[] = [
  {
    method: 'GET',
    path: '/api/transactions',
    operation: 'transactions',
    exportable: true,
    exportCells: RENTAL_ORDER_CELLS,
    tag: 'Transactions',
    summary:
      "Rental orders (paginated; status, customerId, startDate/endDate on the order date, overdue=true|false on the organization's today, search on customer name/email, sortBy)",
    selection: `{ data ${LISTED} pagination { currentPage totalPages totalItems pageSize hasNextPage hasPreviousPage } }`,
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
    method: 'GET',
    path: '/api/transactions/:id/late-charges',
    operation: 'transactionLateCharges',
    tag: 'Transactions',
    summary:
      "The late charges the transaction owes on the organization's today, per line (a preview; the overdue job records them as drafts)",
    selection:
      '{ transactionId asOf returnDate overdue daysLate enabled graceDays lines { lineId itemNumber itemName quantity quantityOut days unitDays rate amount } total }',
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
    summary:
      "pending -> completed (final) while nothing is out; adds the total to the customer's lifetime order value (check-in completes an order whose units all came back)",
    selection: TRANSACTION,
  },
  {
    method: 'POST',
    path: '/api/transactions/:id/cancel',
    operation: 'cancelTransaction',
    tag: 'Transactions',
    summary: 'pending -> cancelled (final) before anything is checked out; releases the units',
    selection: TRANSACTION,
  },
  ...deskRoutes(TRANSACTION, CHANGE),
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
    summary: 'Set the currency, the tax rate in percent and the late-charge policy (admin)',
    example: { currency: 'USD', taxRate: '8.25', lateChargesEnabled: true, lateGraceDays: 1, lateRatePerDay: '45.00' },
  },
  ...chargeRoutes,
  ...invoiceRoutes,
];
