import { Entity, Property, ref, Unique } from '@mikro-orm/core';
import { Field, Int, ObjectType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../../accounts/organizations/organization.entity';

/**
 * What the organization's documents (quotes, rental agreements, invoices) carry beside its name and address (the
 * organization settings): a tax id, a logo and the terms printed on each kind of document (docs/rental.md,
 * "Documents"). One row per organization at most; without one, documents have no logo, tax id or terms.
 */
@ObjectType('Branding')
@Entity({ tableName: 'document_branding' })
@Unique({ properties: ['organization'] })
export class DocumentBranding extends TenantEntity {
  @Field(() => String, { nullable: true, description: 'Tax or VAT registration number printed on documents' })
  @Property({ length: 50, nullable: true })
  taxId: string | null = null;

  @Field(() => String, { nullable: true, description: 'Terms printed on invoices' })
  @Property({ length: 5000, nullable: true })
  invoiceTerms: string | null = null;

  @Field(() => String, { nullable: true, description: 'Terms printed on rental agreements, above the signatures' })
  @Property({ length: 5000, nullable: true })
  agreementTerms: string | null = null;

  @Field(() => String, { nullable: true, description: 'Terms printed on quotes' })
  @Property({ length: 5000, nullable: true })
  quoteTerms: string | null = null;

  /** PNG or JPEG, checked by its first bytes (logo.ts); loaded only when a document is drawn (lazy). */
  @Property({ type: 'blob', nullable: true, lazy: true })
  logo: Buffer | null = null;

  @Field(() => String, { nullable: true, description: 'image/png or image/jpeg; null: no logo' })
  @Property({ length: 20, nullable: true })
  logoContentType: string | null = null;

  @Field(() => Int, { nullable: true, description: 'Bytes of the logo' })
  @Property({ type: 'integer', nullable: true })
  logoSize: number | null = null;

  constructor(organization: Organization) {
    super();
    this.organization = ref(organization);
  }
}
