import type { EntityManager } from '@mikro-orm/postgresql';
import { Organization } from '../../accounts/organizations/organization.entity';
import { DocumentBranding } from './branding.entity';
import type { BrandingInput } from './branding.types';
import { checkLogo } from './logo';

/** The organization's document branding (defaults until an admin sets it): tax id, logo, terms. */
export class BrandingService {
  async get(em: EntityManager, organizationId: string): Promise<DocumentBranding> {
    return (
      (await em.findOne(DocumentBranding, { organization: organizationId })) ??
      new DocumentBranding(em.getReference(Organization, organizationId))
    );
  }

  /** The branding with its logo's bytes loaded (the logo is lazy). */
  async withLogo(em: EntityManager, organizationId: string): Promise<DocumentBranding> {
    return (
      (await em.findOne(DocumentBranding, { organization: organizationId }, { populate: ['logo'] })) ??
      new DocumentBranding(em.getReference(Organization, organizationId))
    );
  }

  update(em: EntityManager, organizationId: string, input: BrandingInput): Promise<DocumentBranding> {
    const logo = input.logo === undefined || input.logo === null ? input.logo : checkLogo(input.logo);
    return em.transactional(async (tx) => {
      const branding = await this.get(tx, organizationId);
      for (const key of ['taxId', 'invoiceTerms', 'agreementTerms', 'quoteTerms'] as const) {
        const value = input[key];
        if (value !== undefined) branding[key] = value === null || value.trim() === '' ? null : value.trim();
      }
      if (logo !== undefined) this.setLogo(branding, logo);
      tx.persist(branding);
      return branding;
    });
  }

  /** Replaces (or with null removes) the logo, from bytes already checked (logo.ts). */
  private setLogo(branding: DocumentBranding, logo: { data: Buffer; contentType: string } | null): void {
    Object.assign(branding, {
      logo: logo?.data ?? null,
      logoContentType: logo?.contentType ?? null,
      logoSize: logo?.data.length ?? null,
    });
  }
}
