import { Migration } from '@mikro-orm/migrations';

/** Rental operations, part 6 (docs/rental.md): invoices with a per-organization number sequence, and payments. */
export class Migration20261122063000_invoices extends Migration {
  override async up(): Promise<void> {
    // No entity: one counter row per organization, bumped by an upsert (src/modules/rental/orders/invoice-number.ts).
    this.addSql(
      `create table "invoice_sequences" ("organization_id" uuid not null, "last_number" int not null, constraint "invoice_sequences_pkey" primary key ("organization_id"));`,
    );

    this.addSql(
      `create table "invoices" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organization_id" uuid not null, "order_id" uuid not null, "customer_id" uuid not null, "number" int not null, "issue_date" date not null, "due_date" date not null, "status" text check ("status" in ('draft', 'sent', 'paid', 'void')) not null default 'draft', "subtotal" numeric(12,2) not null, "tax" numeric(12,2) not null, "total" numeric(12,2) not null, "amount_paid" numeric(12,2) not null default 0, "currency" varchar(3) not null, "sent_at" timestamptz null, "paid_at" timestamptz null, "voided_at" timestamptz null, constraint "invoices_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "invoices_organization_id_index" on "invoices" ("organization_id");`);
    this.addSql(`create index "invoices_order_id_index" on "invoices" ("order_id");`);
    this.addSql(`create index "invoices_customer_id_index" on "invoices" ("customer_id");`);
    this.addSql(
      `create index "invoices_organization_id_issue_date_index" on "invoices" ("organization_id", "issue_date");`,
    );
    this.addSql(
      `alter table "invoices" add constraint "invoices_organization_id_number_unique" unique ("organization_id", "number");`,
    );

    this.addSql(
      `create table "payments" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organization_id" uuid not null, "invoice_id" uuid not null, "amount" numeric(12,2) not null, "method" text check ("method" in ('cash', 'card', 'check', 'bank_transfer', 'other')) not null, "paid_on" date not null, "reference" varchar(200) null, constraint "payments_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "payments_organization_id_index" on "payments" ("organization_id");`);
    this.addSql(`create index "payments_invoice_id_index" on "payments" ("invoice_id");`);

    this.addSql(
      `alter table "invoice_sequences" add constraint "invoice_sequences_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "invoices" add constraint "invoices_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "invoices" add constraint "invoices_order_id_foreign" foreign key ("order_id") references "rental_orders" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "invoices" add constraint "invoices_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "payments" add constraint "payments_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "payments" add constraint "payments_invoice_id_foreign" foreign key ("invoice_id") references "invoices" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "payments" cascade;`);
    this.addSql(`drop table if exists "invoices" cascade;`);
    this.addSql(`drop table if exists "invoice_sequences" cascade;`);
  }
}
