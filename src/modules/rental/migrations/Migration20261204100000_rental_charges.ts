import { Migration } from '@mikro-orm/migrations';

/**
 * Charges beyond the rate and credit (issue 30 parts 4 and 6; docs/rental.md, "Charges beyond the rate" and
 * "Credit"): the deposit, damage-waiver, delivery and tax policy in the rental settings; an item's deposit and tax
 * rate; a customer's tax exemption, credit limit and account hold; an order's waiver, delivery and pickup fees,
 * deposit and its payments, tax exemption and credit override; a line's tax rate (null: the order's, as every line
 * before this); fuel and cleaning charges; payments of a kind (an invoice's, or a deposit collected, refunded or
 * retained, which name their order); and on an invoice, the fees and the approved charges it carries.
 */
export class Migration20261204100000_rental_charges extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "rental_settings" add column "deposit_policy" text not null default 'none' check ("deposit_policy" in ('none', 'fixed', 'percent', 'per_item')), add column "deposit_amount" numeric(12,2) null, add column "deposit_percent" numeric(6,3) null, add column "deposit_overdue_raise_percent" numeric(7,3) not null default 0, add column "waiver_percent" numeric(6,3) not null default 0, add column "delivery_fee" numeric(12,2) null, add column "pickup_fee" numeric(12,2) null, add column "delivery_zones" jsonb not null default '[]', add column "category_tax_rates" jsonb not null default '[]';`,
    );
    this.addSql(
      `alter table "inventory_items" add column "deposit_amount" numeric(12,2) null, add column "tax_rate" numeric(6,3) null;`,
    );
    this.addSql(
      `alter table "customers" add column "credit_limit" numeric(14,2) null, add column "account_hold" boolean not null default false, add column "account_hold_reason" varchar(500) null, add column "tax_exempt" boolean not null default false, add column "tax_exempt_certificate" varchar(100) null, add column "tax_exempt_expires_on" date null;`,
    );
    this.addSql(
      `alter table "rental_orders" add column "waiver_opt_out" boolean not null default false, add column "waiver_percent" numeric(6,3) not null default 0, add column "damage_waiver" numeric(12,2) not null default 0, add column "delivery" boolean not null default false, add column "pickup" boolean not null default false, add column "delivery_zone" varchar(100) null, add column "delivery_fee" numeric(12,2) not null default 0, add column "pickup_fee" numeric(12,2) not null default 0, add column "deposit" numeric(12,2) not null default 0, add column "deposit_raised" boolean not null default false, add column "deposit_collected" numeric(12,2) not null default 0, add column "deposit_refunded" numeric(12,2) not null default 0, add column "deposit_retained" numeric(12,2) not null default 0, add column "tax_exempt" boolean not null default false, add column "tax_exempt_certificate" varchar(100) null, add column "credit_override_reason" varchar(500) null;`,
    );
    this.addSql(`alter table "rental_order_lines" add column "tax_rate" numeric(6,3) null;`);
    this.addSql(`alter table "rental_order_charges" drop constraint "rental_order_charges_kind_check";`);
    this.addSql(
      `alter table "rental_order_charges" add constraint "rental_order_charges_kind_check" check ("kind" in ('damage', 'late', 'fuel', 'cleaning', 'other'));`,
    );
    this.addSql(
      `alter table "payments" add column "kind" text not null default 'invoice' check ("kind" in ('invoice', 'deposit', 'deposit_refund', 'deposit_retention')), add column "order_id" uuid null;`,
    );
    this.addSql(`update "payments" p set "order_id" = i."order_id" from "invoices" i where i."id" = p."invoice_id";`);
    this.addSql(
      `alter table "payments" alter column "order_id" set not null, alter column "invoice_id" drop not null;`,
    );
    this.addSql(
      `alter table "payments" add constraint "payments_order_id_foreign" foreign key ("order_id") references "rental_orders" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(`create index "payments_order_id_index" on "payments" ("order_id");`);
    this.addSql(
      `alter table "invoices" add column "damage_waiver" numeric(12,2) not null default 0, add column "delivery_fee" numeric(12,2) not null default 0, add column "pickup_fee" numeric(12,2) not null default 0, add column "charges_total" numeric(12,2) not null default 0, add column "charges" jsonb not null default '[]';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table "invoices" drop column "damage_waiver", drop column "delivery_fee", drop column "pickup_fee", drop column "charges_total", drop column "charges";`,
    );
    this.addSql(`delete from "payments" where "invoice_id" is null;`);
    this.addSql(`alter table "payments" alter column "invoice_id" set not null;`);
    this.addSql(`alter table "payments" drop column "order_id", drop column "kind";`);
    this.addSql(`alter table "rental_order_charges" drop constraint "rental_order_charges_kind_check";`);
    this.addSql(`update "rental_order_charges" set "kind" = 'other' where "kind" in ('fuel', 'cleaning');`);
    this.addSql(
      `alter table "rental_order_charges" add constraint "rental_order_charges_kind_check" check ("kind" in ('damage', 'late', 'other'));`,
    );
    this.addSql(`alter table "rental_order_lines" drop column "tax_rate";`);
    this.addSql(
      `alter table "rental_orders" drop column "waiver_opt_out", drop column "waiver_percent", drop column "damage_waiver", drop column "delivery", drop column "pickup", drop column "delivery_zone", drop column "delivery_fee", drop column "pickup_fee", drop column "deposit", drop column "deposit_raised", drop column "deposit_collected", drop column "deposit_refunded", drop column "deposit_retained", drop column "tax_exempt", drop column "tax_exempt_certificate", drop column "credit_override_reason";`,
    );
    this.addSql(
      `alter table "customers" drop column "credit_limit", drop column "account_hold", drop column "account_hold_reason", drop column "tax_exempt", drop column "tax_exempt_certificate", drop column "tax_exempt_expires_on";`,
    );
    this.addSql(`alter table "inventory_items" drop column "deposit_amount", drop column "tax_rate";`);
    this.addSql(
      `alter table "rental_settings" drop column "deposit_policy", drop column "deposit_amount", drop column "deposit_percent", drop column "deposit_overdue_raise_percent", drop column "waiver_percent", drop column "delivery_fee", drop column "pickup_fee", drop column "delivery_zones", drop column "category_tax_rates";`,
    );
  }
}
