import { FILE_SELECTION, type RouteRow } from '../../../http/route-row';
import { LOGO_PATH } from './document.resolver';

const BRANDING =
  '{ id organizationId name taxId invoiceTerms agreementTerms quoteTerms logoContentType logoSize logoUrl createdAt updatedAt }';
const PDF = { contentTypes: ['application/pdf'], description: 'The PDF' };

/** Documents (docs/rental.md, "Documents"): the branding settings, the logo, the invoice, agreement and quote PDFs. */
export const documentRoutes: RouteRow[] = [
  {
    method: 'GET',
    path: '/api/settings/branding',
    operation: 'branding',
    tag: 'Documents',
    summary: 'Tax id, logo and terms printed on quotes, rental agreements and invoices',
    selection: BRANDING,
  },
  {
    method: 'PATCH',
    path: '/api/settings/branding',
    operation: 'updateBranding',
    body: 'input',
    tag: 'Documents',
    summary:
      'Change the branding (admin); fields present change, null clears; logo: a base64 PNG or JPEG, 512 KiB at most',
    selection: BRANDING,
    example: {
      taxId: '74-1234567',
      invoiceTerms: 'Payment due within 30 days. 1.5 % monthly interest on overdue balances.',
      agreementTerms: 'The renter returns the equipment clean, fuelled and undamaged by the return date.',
    },
  },
  {
    method: 'GET',
    path: LOGO_PATH,
    operation: 'brandingLogo',
    tag: 'Documents',
    summary: 'The logo (404 when there is none)',
    selection: FILE_SELECTION,
    file: { contentTypes: ['image/png', 'image/jpeg'], description: 'The logo image' },
  },
  {
    method: 'GET',
    path: '/api/invoices/:id/pdf',
    operation: 'invoicePdf',
    tag: 'Documents',
    summary: 'The invoice as a PDF (branding, lines and charges, tax, totals, payments, terms)',
    selection: FILE_SELECTION,
    file: PDF,
  },
  {
    method: 'GET',
    path: '/api/transactions/:id/agreement.pdf',
    operation: 'transactionAgreementPdf',
    tag: 'Documents',
    summary: 'The rental agreement of a transaction as a PDF (lines, dates, units checked out, terms, signature lines)',
    selection: FILE_SELECTION,
    file: PDF,
  },
  {
    method: 'GET',
    path: '/api/rental-quotes/:id/pdf',
    operation: 'rentalQuotePdf',
    tag: 'Documents',
    summary:
      'A stored quote as a PDF (its current version, or ?version=n; lines with their cover, validity, delivery, totals, quote terms)',
    selection: FILE_SELECTION,
    file: PDF,
  },
];
