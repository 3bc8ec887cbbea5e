import type { RouteRow } from '../../../../http/route-row';

export const DEPOSIT_PAYMENT =
  '{ id organizationId kind transactionId invoiceId amount method paidOn reference createdAt updatedAt }';

/** An order's deposit payments (docs/rental.md, "Deposits"). */
export const depositRoutes: RouteRow[] = [
  {
    method: 'GET',
    path: '/api/transactions/:id/deposits',
    operation: 'transactionDeposits',
    params: { id: 'transactionId' },
    tag: 'Transactions',
    selection: DEPOSIT_PAYMENT,
    summary: 'A transaction’s deposit payments (collected, refunded, retained), oldest first',
  },
  {
    method: 'POST',
    path: '/api/transactions/:id/deposits',
    operation: 'recordDeposit',
    params: { id: 'transactionId' },
    body: 'input',
    status: 201,
    tag: 'Transactions',
    selection: DEPOSIT_PAYMENT,
    summary:
      'Collect a deposit (up to depositDue), refund it or retain it to pay the invoice (up to depositHeld); more is a 409',
    example: { kind: 'deposit', amount: '100.00', method: 'card', reference: 'POS 5120' },
  },
];
