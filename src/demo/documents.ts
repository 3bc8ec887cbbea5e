import { DocumentBranding } from '../modules/rental/documents/branding.entity';
import { at, dayOf, DemoContext, place } from './demo-context';

/** The yard's logo: a 160 x 48 PNG (an amber field with a blue band), small enough to live in the source. */
const LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAKAAAAAwCAIAAAAZy+Y5AAAAmUlEQVR4nO3aUQmAQABEwQthCJOYzjjXyhIXQsTjMTABFt7vjmeehI3fF/ApgeMEjhM4TuA4geMEjhM4TuA4geMEjhM47m3g47rZmcBxAscJHCdwnMBxAscJHCdwnMBxAscJHCdwnMBxAscJHCdwnMBxAscJHCdwnMBxAsf5RccJHCdwnMBxAscJHCdwnMBxAscJHCdwnMBxC1NhWppLuZicAAAAAElFTkSuQmCC',
  'base64',
);

/**
 * The documents' branding (docs/rental.md, "Documents"): the yard's tax id, logo and the terms printed on its quotes,
 * rental agreements and invoices; its name, address and phone are the organization settings (team.ts).
 */
export function seedDocuments(ctx: DemoContext): void {
  const branding = new DocumentBranding(ctx.org);
  Object.assign(branding, {
    taxId: '74-2958316',
    invoiceTerms:
      'Payment is due within 30 days of the invoice date. Balances past due accrue 1.5 % a month. Checks payable to Demo Equipment Rentals.',
    agreementTerms:
      'The renter takes the equipment in good working order, uses it only as the manufacturer intends, and returns it clean and fuelled by the return date. Late days are charged at the daily rate; damage beyond normal wear is charged at the cost of repair.',
    quoteTerms: 'Prices are valid for 14 days and subject to availability on the day of booking. Sales tax 8.25 %.',
    logo: LOGO,
    logoContentType: 'image/png',
    logoSize: LOGO.length,
  });
  place(ctx, branding, 'branding', 0, at(ctx, dayOf(ctx, -365), 8));
}
