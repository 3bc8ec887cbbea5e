import type { RouteRow } from '../../../http/route-row';

export const CHARGE =
  '{ id transactionId kind status description amount quantity days unitId invoiceId createdAt updatedAt }';

/** An order's charges beside its lines (docs/rental.md, "Charges"). */
export const chargeRoutes: RouteRow[] = [
  {
    method: 'GET',
    path: '/api/transactions/:id/charges',
    operation: 'transactionCharges',
    params: { id: 'transactionId' },
    tag: 'Transactions',
    selection: CHARGE,
    summary: 'A transaction’s charges (damage at check-in, late days), oldest first',
  },
  {
    method: 'PATCH',
    path: '/api/transactions/:id/charges/:chargeId',
    operation: 'updateTransactionCharge',
    params: { id: 'transactionId', chargeId: 'id' },
    body: 'input',
    tag: 'Transactions',
    selection: CHARGE,
    summary: 'Price a draft charge (amount, description), approve it or void it; approved and void are final (409)',
    example: { amount: '350.00', status: 'approved' },
  },
];
