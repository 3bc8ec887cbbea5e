import type { EntityManager } from '@mikro-orm/postgresql';
import { findOr404 } from '../../../db/find-or-404';
import { AppError } from '../../../lib/errors';
import { Invoice } from '../orders/invoice.entity';
import { RentalOrder } from '../orders/rental-order.entity';
import { RentalQuoteVersion } from '../quotes/rental-quote-version.entity';
import { RentalQuote } from '../quotes/rental-quote.entity';
import { agreementDocument, agreementNumber } from './agreement-document';
import type { BrandingService } from './branding.service';
import { DocumentFile } from './document-file';
import { invoiceDocument } from './invoice-document';
import { renderPdf } from './pdf-renderer';
import { quoteDocument, quoteNumber } from './quote-document';

const PDF = 'application/pdf';

/** The rental documents as PDF files (docs/rental.md, "Documents"): one model, one renderer, an adapter per kind. */
export class DocumentService {
  constructor(private readonly branding: BrandingService) {}

  /** `today`: the organization's, for the invoice's derived status (overdue). */
  async invoicePdf(em: EntityManager, organizationId: string, id: string, today: string): Promise<DocumentFile> {
    const invoice = await findOr404(em, Invoice, id, 'Invoice');
    const branding = await this.branding.withLogo(em, organizationId);
    const pdf = await renderPdf(await invoiceDocument(em, invoice, branding, today));
    return DocumentFile.of(`${invoice.invoiceNumber}.pdf`, PDF, pdf);
  }

  async agreementPdf(em: EntityManager, organizationId: string, orderId: string): Promise<DocumentFile> {
    const order = await findOr404(em, RentalOrder, orderId, 'Transaction');
    const branding = await this.branding.withLogo(em, organizationId);
    const pdf = await renderPdf(await agreementDocument(em, order, branding));
    return DocumentFile.of(`${agreementNumber(order)}.pdf`, PDF, pdf);
  }

  /** The quote's current version, or `version` (an older one): 404 for a version the quote does not have. */
  async quotePdf(
    em: EntityManager,
    organizationId: string,
    id: string,
    version?: number | null,
  ): Promise<DocumentFile> {
    const quote = await findOr404(em, RentalQuote, id, 'Rental quote');
    const wanted = version ?? quote.version;
    const row = await em.findOne(RentalQuoteVersion, { quote: quote.id, version: wanted });
    if (!row) throw AppError.notFound('Rental quote version');
    const branding = await this.branding.withLogo(em, organizationId);
    const pdf = await renderPdf(await quoteDocument(em, quote, row, branding));
    return DocumentFile.of(`${quoteNumber(quote)}-v${wanted}.pdf`, PDF, pdf);
  }

  async logo(em: EntityManager, organizationId: string): Promise<DocumentFile> {
    const branding = await this.branding.withLogo(em, organizationId);
    if (!branding.logo || !branding.logoContentType) throw AppError.notFound('Logo');
    const ext = branding.logoContentType === 'image/png' ? 'png' : 'jpg';
    return DocumentFile.of(`logo.${ext}`, branding.logoContentType, branding.logo);
  }
}
