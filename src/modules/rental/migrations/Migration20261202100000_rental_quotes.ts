import { Migration } from '@mikro-orm/migrations';
import { COMMON, fk, TENANT } from '../../../db/migrations/tenant-table-sql';

/**
 * Stored, versioned quotes (issue 30, parts 1 and 2; docs/rental.md, "Stored quotes"): a quote, its versions (each
 * change a new one, with its content hash) and their lines; the customer's acceptance on the quote. The current version
 * is the one whose number is the quote's `version`.
 */
export class Migration20261202100000_rental_quotes extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "rental_quotes" (${COMMON}, "customer_id" uuid not null, "status" text not null default 'draft' check ("status" in ('draft', 'sent', 'accepted', 'converted', 'declined')), "version" int not null default 1, "valid_until" date not null, "total" numeric(12,2) not null, "order_id" uuid null, "sent_at" timestamptz null, "sent_by_id" uuid null, "declined_at" timestamptz null, "closed_at" timestamptz null, "acceptance" jsonb null, "created_by_id" uuid null, constraint "rental_quotes_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "rental_quotes_customer_id_index" on "rental_quotes" ("customer_id");`);
    this.addSql(
      `create index "rental_quotes_organization_id_created_at_index" on "rental_quotes" ("organization_id", "created_at");`,
    );
    this.addSql(
      `create table "rental_quote_versions" (${COMMON}, "quote_id" uuid not null, "version" int not null, "pickup_date" date not null, "return_date" date not null, "rental_days" int not null, "valid_until" date not null, "delivery_method" text not null default 'pickup' check ("delivery_method" in ('pickup', 'delivery')), "delivery_address" varchar(500) null, "notes" varchar(2000) null, "currency" varchar(3) not null, "tax_rate" numeric(6,3) not null, "subtotal" numeric(12,2) not null, "tax" numeric(12,2) not null, "total" numeric(12,2) not null, "content_hash" varchar(64) not null, "created_by_id" uuid null, constraint "rental_quote_versions_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "rental_quote_versions_quote_id_index" on "rental_quote_versions" ("quote_id");`);
    this.addSql(
      `alter table "rental_quote_versions" add constraint "rental_quote_versions_quote_id_version_unique" unique ("quote_id", "version");`,
    );
    this.addSql(
      `create table "rental_quote_lines" (${COMMON}, "version_id" uuid not null, "item_id" uuid not null, "unit_id" uuid null, "position" int not null, "item_number" varchar(100) not null, "item_name" varchar(200) not null, "asset_tag" varchar(100) null, "quantity" int not null, "days" int not null, "billed_days" int not null, "breakdown" jsonb not null, "unit_price" numeric(12,2) not null, "amount" numeric(12,2) not null, constraint "rental_quote_lines_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "rental_quote_lines_version_id_index" on "rental_quote_lines" ("version_id");`);
    this.addSql(`create index "rental_quote_lines_item_id_index" on "rental_quote_lines" ("item_id");`);

    this.addSql(fk('rental_quotes', 'customer_id', 'customers', 'cascade'));
    this.addSql(fk('rental_quotes', 'order_id', 'rental_orders', 'set null'));
    this.addSql(fk('rental_quotes', 'sent_by_id', 'users', 'set null'));
    this.addSql(fk('rental_quotes', 'created_by_id', 'users', 'set null'));
    this.addSql(fk('rental_quote_versions', 'quote_id', 'rental_quotes', 'cascade'));
    this.addSql(fk('rental_quote_versions', 'created_by_id', 'users', 'set null'));
    this.addSql(fk('rental_quote_lines', 'version_id', 'rental_quote_versions', 'cascade'));
    this.addSql(fk('rental_quote_lines', 'item_id', 'inventory_items', 'cascade'));
    this.addSql(fk('rental_quote_lines', 'unit_id', 'inventory_units', 'set null'));
    for (const t of ['rental_quotes', 'rental_quote_versions', 'rental_quote_lines'])
      TENANT(t).forEach((s) => this.addSql(s));
  }

  override async down(): Promise<void> {
    for (const t of ['rental_quote_lines', 'rental_quote_versions', 'rental_quotes'])
      this.addSql(`drop table if exists "${t}" cascade;`);
  }
}
