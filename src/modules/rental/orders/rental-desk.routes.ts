import type { RouteRow } from '../../../http/route-row';

const EXAMPLE_ID = '00000000-0000-4000-8000-000000000000';

/** The order's life on the floor (docs/rental.md, "On the floor"): rows beside the transaction's own. */
export function deskRoutes(transaction: string, change: string): RouteRow[] {
  return [
    {
      method: 'PATCH',
      path: '/api/transactions/:id',
      operation: 'updateTransaction',
      body: 'input',
      tag: 'Transactions',
      selection: change,
      summary:
        'While reserved: new pickupDate/returnDate and/or lines (replacing them), re-checked and re-priced; answers the price difference',
      example: { pickupDate: '2026-07-02', returnDate: '2026-07-10', notes: 'Deliver to the north gate' },
    },
    {
      method: 'POST',
      path: '/api/transactions/:id/check-out',
      operation: 'checkOutTransaction',
      body: 'input',
      tag: 'Transactions',
      selection: transaction,
      summary:
        'Hand out whole lines: scanned asset tags (items tracked by unit) with meter out, or the quantity; pre-hire checklist results per unit (a failed item: 409, nothing out), released to',
      example: {
        releasedTo: 'Sam Driver',
        checklistPassed: true,
        lines: [
          {
            lineId: EXAMPLE_ID,
            units: [
              {
                assetTag: 'EX-018-02',
                meterOut: '1240.5',
                checklist: [
                  { item: 'Tracks and rollers', passed: true },
                  { item: 'Hydraulic hoses', passed: true, note: 'Replaced last week' },
                ],
              },
            ],
          },
        ],
      },
    },
    {
      method: 'POST',
      path: '/api/transactions/:id/check-in',
      operation: 'checkInTransaction',
      body: 'input',
      tag: 'Transactions',
      selection: change,
      summary:
        'Take units back (assetTag) or part of a quantity: meter in, condition, damage notes, photos, post-hire checklist; damage holds the unit and adds a draft charge; frees them, re-prices, completes the order when all are back',
      example: {
        returnedOn: '2026-07-05',
        returns: [
          {
            lineId: EXAMPLE_ID,
            assetTag: 'EX-018-02',
            meterIn: '1262.0',
            condition: 'damaged',
            damageNotes: 'Bucket tooth missing',
            photoUrls: ['https://example.com/photos/ex-018-02-bucket.jpg'],
            checklist: [{ item: 'Bucket', passed: false, note: 'Tooth missing', damage: true }],
            damageCharge: '180.00',
          },
        ],
      },
    },
    {
      method: 'POST',
      path: '/api/transactions/:id/extend',
      operation: 'extendTransaction',
      body: 'input',
      tag: 'Transactions',
      selection: change,
      summary:
        'A later return date: availability re-checked for the added days, re-priced; answers the price difference',
      example: { returnDate: '2026-07-15' },
    },
    {
      method: 'POST',
      path: '/api/transactions/:id/swap',
      operation: 'swapTransactionUnit',
      body: 'input',
      tag: 'Transactions',
      selection: change,
      summary: 'Replace a unit out on a line (e.g. a breakdown) by an available unit of the same item',
      example: {
        lineId: EXAMPLE_ID,
        returnAssetTag: 'EX-018-02',
        newAssetTag: 'EX-018-03',
        condition: 'damaged',
        damageNotes: 'Hydraulic leak',
      },
    },
  ];
}
