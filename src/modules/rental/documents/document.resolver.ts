import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { PlainRow } from '../../../db/read-path';
import { Organization } from '../../accounts/organizations/organization.entity';
import { Invoice } from '../orders/invoice.entity';
import { RentalOrder } from '../orders/rental-order.entity';
import { RentalQuote } from '../quotes/rental-quote.entity';
import type { RentalContext } from '../rental.services';
import { DocumentBranding } from './branding.entity';
import { BrandingInput } from './branding.types';
import { DocumentFile } from './document-file';
import { Guard } from '../../../graphql/guard';
import { isAdmin, isAuthenticated } from '../../../graphql/rules';

export const LOGO_PATH = '/api/settings/branding/logo';

/** The organization's document branding and the PDFs drawn with it (docs/rental.md, "Documents"). */
@Resolver(() => DocumentBranding)
export class BrandingResolver {
  @Guard(isAuthenticated)
  @Query(() => DocumentBranding, { description: 'Tax id, logo and terms of your organization’s documents' })
  branding(@Ctx() ctx: RentalContext): Promise<DocumentBranding> {
    return ctx.services.branding.get(ctx.em, ctx.principal.organizationId);
  }

  @Guard(isAdmin)
  @Mutation(() => DocumentBranding, { description: 'Change the tax id, logo and terms of your documents (admin)' })
  updateBranding(@Arg('input') input: BrandingInput, @Ctx() ctx: RentalContext): Promise<DocumentBranding> {
    return ctx.services.branding.update(ctx.em, ctx.principal.organizationId, input);
  }

  @Guard(isAuthenticated)
  @Query(() => DocumentFile, { description: 'The logo (404 when there is none)' })
  brandingLogo(@Ctx() ctx: RentalContext): Promise<DocumentFile> {
    return ctx.services.documents.logo(ctx.em, ctx.principal.organizationId);
  }

  @FieldResolver(() => String, { description: 'The organization’s name (organization settings), printed on documents' })
  async name(@Root() branding: DocumentBranding, @Ctx() ctx: RentalContext): Promise<string> {
    return (await ctx.em.findOneOrFail(Organization, branding.organization.id)).name;
  }

  @FieldResolver(() => String, { nullable: true, description: `GET path of the logo, null without one` })
  logoUrl(@Root() branding: DocumentBranding): string | null {
    return branding.logoContentType ? LOGO_PATH : null;
  }

  @Guard(isAuthenticated)
  @Query(() => DocumentFile, { description: 'The invoice as a PDF (base64; REST: GET /api/invoices/:id/pdf)' })
  async invoicePdf(@Arg('id', () => ID) id: string, @Ctx() ctx: RentalContext): Promise<DocumentFile> {
    return ctx.services.documents.invoicePdf(ctx.em, ctx.principal.organizationId, id, await ctx.today());
  }

  @Guard(isAuthenticated)
  @Query(() => DocumentFile, {
    description:
      'The rental agreement of a transaction as a PDF (base64; REST: GET /api/transactions/:id/agreement.pdf)',
  })
  transactionAgreementPdf(@Arg('id', () => ID) id: string, @Ctx() ctx: RentalContext): Promise<DocumentFile> {
    return ctx.services.documents.agreementPdf(ctx.em, ctx.principal.organizationId, id);
  }

  @Guard(isAuthenticated)
  @Query(() => DocumentFile, {
    description:
      'A stored quote as a PDF: its current version, or `version` (404 for one it does not have) (base64; REST: GET /api/rental-quotes/:id/pdf)',
  })
  rentalQuotePdf(
    @Arg('id', () => ID) id: string,
    @Arg('version', () => Int, { nullable: true, description: 'An older version to print (default: the current)' })
    version: number | null | undefined,
    @Ctx() ctx: RentalContext,
  ): Promise<DocumentFile> {
    return ctx.services.documents.quotePdf(ctx.em, ctx.principal.organizationId, id, version);
  }
}

@Resolver(() => Invoice)
export class InvoiceDocumentResolver {
  @FieldResolver(() => String, { description: 'GET path of the invoice as a PDF' })
  pdfUrl(@Root() invoice: PlainRow<Invoice>): string {
    return `/api/invoices/${invoice.id}/pdf`;
  }
}

@Resolver(() => RentalOrder)
export class AgreementDocumentResolver {
  @FieldResolver(() => String, { description: 'GET path of the rental agreement as a PDF' })
  pdfUrl(@Root() order: PlainRow<RentalOrder>): string {
    return `/api/transactions/${order.id}/agreement.pdf`;
  }
}

@Resolver(() => RentalQuote)
export class QuoteDocumentResolver {
  @FieldResolver(() => String, { description: 'GET path of the quote’s current version as a PDF' })
  pdfUrl(@Root() quote: PlainRow<RentalQuote>): string {
    return `/api/rental-quotes/${quote.id}/pdf`;
  }
}
