import { Migration } from '@mikro-orm/migrations';
import { COMMON, fk, TENANT } from '../../../db/migrations/tenant-table-sql';

/**
 * Accounting export (issue 30 part 7; docs/rental.md, "Accounting export"): each export's file and settings, and the
 * mark of every invoice and payment it took, one per record and format, so the next export of a range leaves them out.
 */
export class Migration20261203200000_accounting_exports extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "accounting_exports" (${COMMON}, "format" text not null check ("format" in ('quickbooks', 'xero')), "kind" text not null check ("kind" in ('invoices', 'payments')), "from_date" date not null, "to_date" date not null, "include_exported" boolean not null, "date_format" text not null check ("date_format" in ('MDY', 'DMY', 'ISO')), "record_count" int not null, "row_count" int not null, "remaining" int not null, "file_name" varchar(200) not null, "content" text not null, "created_by_id" uuid null, constraint "accounting_exports_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create index "accounting_exports_organization_id_created_at_index" on "accounting_exports" ("organization_id", "created_at");`,
    );
    this.addSql(fk('accounting_exports', 'created_by_id', 'users', 'set null'));
    TENANT('accounting_exports').forEach((s) => this.addSql(s));

    this.addSql(
      `create table "accounting_export_marks" (${COMMON}, "export_id" uuid not null, "format" text not null check ("format" in ('quickbooks', 'xero')), "invoice_id" uuid null, "payment_id" uuid null, constraint "accounting_export_marks_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "accounting_export_marks_export_id_index" on "accounting_export_marks" ("export_id");`);
    this.addSql(
      `alter table "accounting_export_marks" add constraint "accounting_export_marks_invoice_unique" unique ("organization_id", "format", "invoice_id");`,
    );
    this.addSql(
      `alter table "accounting_export_marks" add constraint "accounting_export_marks_payment_unique" unique ("organization_id", "format", "payment_id");`,
    );
    this.addSql(fk('accounting_export_marks', 'export_id', 'accounting_exports', 'cascade'));
    this.addSql(fk('accounting_export_marks', 'invoice_id', 'invoices', 'cascade'));
    this.addSql(fk('accounting_export_marks', 'payment_id', 'payments', 'cascade'));
    TENANT('accounting_export_marks').forEach((s) => this.addSql(s));
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "accounting_export_marks" cascade;`);
    this.addSql(`drop table if exists "accounting_exports" cascade;`);
  }
}
