import { Migration } from '@mikro-orm/migrations';
import { COMMON, fk, TENANT } from '../../../db/migrations/tenant-table-sql';

/**
 * Rental documents (issue 30 part 3; docs/rental.md, "Documents" and "Invoice lines"): the organization's document
 * branding (tax id, logo, terms; its name and address are the organization settings'), and the invoice each approved
 * charge is billed on. Charges approved before this migration stay unbilled: the invoices that exist were issued
 * without them (their totals are the orders').
 */
export class Migration20261203100000_documents extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "document_branding" (${COMMON}, "tax_id" varchar(50) null, "invoice_terms" varchar(5000) null, "agreement_terms" varchar(5000) null, "quote_terms" varchar(5000) null, "logo" bytea null, "logo_content_type" varchar(20) null, "logo_size" int null, constraint "document_branding_pkey" primary key ("id"));`,
    );
    this.addSql(
      `alter table "document_branding" add constraint "document_branding_organization_id_unique" unique ("organization_id");`,
    );
    TENANT('document_branding').forEach((s) => this.addSql(s));

    this.addSql(`alter table "rental_order_charges" add column "invoice_id" uuid null;`);
    this.addSql(`create index "rental_order_charges_invoice_id_index" on "rental_order_charges" ("invoice_id");`);
    this.addSql(fk('rental_order_charges', 'invoice_id', 'invoices', 'set null'));
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "rental_order_charges" drop column "invoice_id";`);
    this.addSql(`drop table if exists "document_branding" cascade;`);
  }
}
