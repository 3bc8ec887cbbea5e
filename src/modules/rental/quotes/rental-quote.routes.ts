import { EXAMPLE_ID, page, type RouteRow } from '../../../http/route-row';

const RULE = 'rule { id name kind }';
const LINE = `id itemId unitId itemNumber itemName assetTag position quantity days billedDays breakdown { period count days rate amount ${RULE} } discounts { ${RULE} percent amount } minimum { days ${RULE} } unitPrice amount taxRate`;
const VERSION = `{ id quoteId version pickupDate returnDate rentalDays validUntil deliveryMethod deliveryAddress notes currency taxRate subtotal waiverOptOut waiverPercent damageWaiver delivery pickup deliveryZone deliveryFee pickupFee tax total deposit depositRaised taxExempt contentFormat contentHash createdById createdAt lines { ${LINE} } }`;
const ACCEPTANCE = 'acceptance { version versionId name consent ip userAgent acceptedAt contentHash }';
const QUOTE = `{ id organizationId customerId customer { id name email } status expired version validUntil total orderId sentAt declinedAt closedAt ${ACCEPTANCE} createdById current ${VERSION} pdfUrl createdAt updatedAt }`;
const TAG = 'Rental quotes';

/** Stored quotes (docs/rental.md, "Stored quotes"); /api/quotes stays the one-item price check. */
export const rentalQuoteRoutes: RouteRow[] = [
  {
    method: 'GET',
    path: '/api/rental-quotes',
    operation: 'rentalQuotes',
    tag: TAG,
    summary:
      "Stored quotes (paginated; status, customerId, expired=true|false on the organization's today, search on the customer's name/email, sortBy)",
    selection: page(QUOTE),
  },
  {
    method: 'POST',
    path: '/api/rental-quotes',
    operation: 'createRentalQuote',
    body: 'input',
    status: 201,
    tag: TAG,
    selection: QUOTE,
    summary: 'A quote of several lines (items, or named units), priced by the server; version 1',
    example: {
      customerId: EXAMPLE_ID,
      pickupDate: '2027-07-01',
      returnDate: '2027-07-08',
      deliveryMethod: 'delivery',
      deliveryAddress: '1200 Site Rd, Austin TX',
      lines: [{ itemId: EXAMPLE_ID, quantity: 1 }],
      notes: 'Gate code 4412',
      waiverOptOut: false,
    },
  },
  {
    method: 'GET',
    path: '/api/rental-quotes/:id',
    operation: 'rentalQuote',
    tag: TAG,
    selection: QUOTE,
    summary: 'One quote with its current version and lines',
  },
  {
    method: 'PATCH',
    path: '/api/rental-quotes/:id',
    operation: 'reviseRentalQuote',
    body: 'input',
    tag: TAG,
    selection: QUOTE,
    summary:
      'Change a quote: a new version (the fields present replace the current version’s; lines as a whole); 409 once accepted, converted or declined',
    example: { returnDate: '2027-07-10', notes: 'Two more days' },
  },
  {
    method: 'GET',
    path: '/api/rental-quotes/:id/versions',
    operation: 'rentalQuoteVersions',
    params: { id: 'quoteId' },
    tag: TAG,
    selection: VERSION,
    summary: 'Every version of a quote, newest first, with its lines and content hash',
  },
  {
    method: 'POST',
    path: '/api/rental-quotes/:id/link',
    operation: 'sendRentalQuote',
    tag: TAG,
    selection: '{ quoteId versionId version url token expiresOn }',
    summary:
      'The signed acceptance link of the current version for the customer (no account needed); a draft becomes sent; 409 when closed or expired',
  },
  {
    method: 'POST',
    path: '/api/rental-quotes/:id/convert',
    operation: 'convertRentalQuote',
    tag: TAG,
    selection: QUOTE,
    summary:
      'Book the current version as a transaction in one transaction (availability re-checked: 409 naming what is no longer available, with alternatives); 409 when expired or closed',
  },
  {
    method: 'POST',
    path: '/api/rental-quotes/:id/decline',
    operation: 'declineRentalQuote',
    tag: TAG,
    selection: QUOTE,
    summary: 'Record that the customer declined (final)',
  },
];
