import { Migration } from '@mikro-orm/migrations';

/**
 * Overdue orders and late charges (issue 29 part 4; docs/rental.md, "Overdue and late charges"): the late-charge
 * policy in the rental settings (on by default, no grace day, the item's daily rate), the return date an order's
 * lateness was last announced for (order.overdue once per overdue spell), and the orders' charges beyond their
 * rental price (drafts that invoicing approves), a tenant table with row-level security.
 */
export class Migration20261130200000_overdue extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "rental_settings" add column "late_charges_enabled" boolean not null default true, add column "late_grace_days" int not null default 0, add column "late_rate_per_day" numeric(12,2) null;`,
    );
    this.addSql(`alter table "rental_orders" add column "overdue_notified_for" date null;`);
    this.addSql(
      `create table "rental_order_charges" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organization_id" uuid not null, "order_id" uuid not null, "kind" text not null check ("kind" in ('damage', 'late', 'other')), "status" text not null default 'draft' check ("status" in ('draft', 'approved', 'void')), "description" varchar(500) not null, "amount" numeric(12,2) not null, "days" int null, "unit_id" uuid null, constraint "rental_order_charges_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create index "rental_order_charges_order_id_kind_status_index" on "rental_order_charges" ("order_id", "kind", "status");`,
    );
    this.addSql(
      `create index "rental_order_charges_organization_id_index" on "rental_order_charges" ("organization_id");`,
    );
    this.addSql(
      `alter table "rental_order_charges" add constraint "rental_order_charges_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "rental_order_charges" add constraint "rental_order_charges_order_id_foreign" foreign key ("order_id") references "rental_orders" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "rental_order_charges" add constraint "rental_order_charges_unit_id_foreign" foreign key ("unit_id") references "inventory_units" ("id") on update cascade on delete set null;`,
    );
    this.addSql(`select enable_tenant_rls('rental_order_charges');`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "rental_order_charges" cascade;`);
    this.addSql(`alter table "rental_orders" drop column "overdue_notified_for";`);
    this.addSql(
      `alter table "rental_settings" drop column "late_charges_enabled", drop column "late_grace_days", drop column "late_rate_per_day";`,
    );
  }
}
