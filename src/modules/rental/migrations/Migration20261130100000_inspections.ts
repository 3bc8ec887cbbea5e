import { Migration } from '@mikro-orm/migrations';
import { COMMON, fk, TENANT } from '../../../db/migrations/tenant-table-sql';

/**
 * Inspections and service (issue 29, part 3; docs/rental.md, "Inspections and service"): checklists per inventory
 * category and phase, the results stored with each check-out and check-in, an order's charges (damage now, late
 * days next), holds that name a unit (damage, service) and service intervals per item with each unit's counters.
 * Existing units count their service from their creation day and current meter reading.
 */
export class Migration20261130100000_inspections extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "inspection_checklists" (${COMMON}, "category" varchar(100) not null, "phase" text not null check ("phase" in ('check_out', 'check_in')), "name" varchar(200) not null, "items" jsonb not null, constraint "inspection_checklists_pkey" primary key ("id"));`,
    );
    this.addSql(
      `alter table "inspection_checklists" add constraint "inspection_checklists_organization_id_category_phase_unique" unique ("organization_id", "category", "phase");`,
    );
    TENANT('inspection_checklists').forEach((s) => this.addSql(s));

    for (const t of ['rental_checkouts', 'rental_returns'])
      this.addSql(`alter table "${t}" add column "checklist" jsonb not null default '[]';`);

    this.addSql(
      `create table "rental_order_charges" (${COMMON}, "order_id" uuid not null, "kind" text not null check ("kind" in ('damage', 'late', 'other')), "status" text not null default 'draft' check ("status" in ('draft', 'approved', 'void')), "description" varchar(500) not null, "amount" numeric(12,2) not null, "quantity" int null, "days" int null, "unit_id" uuid null, constraint "rental_order_charges_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "rental_order_charges_order_id_index" on "rental_order_charges" ("order_id");`);
    this.addSql(fk('rental_order_charges', 'order_id', 'rental_orders', 'cascade'));
    this.addSql(fk('rental_order_charges', 'unit_id', 'inventory_units', 'set null'));
    TENANT('rental_order_charges').forEach((s) => this.addSql(s));

    this.addSql(
      `alter table "maintenance_holds" add column "source" text not null default 'manual' check ("source" in ('manual', 'damage', 'service')), add column "unit_id" uuid null;`,
    );
    this.addSql(`create index "maintenance_holds_unit_id_index" on "maintenance_holds" ("unit_id");`);
    this.addSql(fk('maintenance_holds', 'unit_id', 'inventory_units', 'cascade'));

    this.addSql(
      `alter table "inventory_items" add column "service_every_hours" numeric(12,1) null, add column "service_every_days" int null, add column "service_every_rentals" int null;`,
    );
    this.addSql(
      `alter table "inventory_units" add column "last_service_on" date null, add column "last_service_meter" numeric(12,1) null, add column "rentals_since_service" int not null default 0;`,
    );
    this.addSql(
      `update "inventory_units" set "last_service_on" = ("created_at" at time zone 'UTC')::date, "last_service_meter" = "meter_reading";`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table "inventory_units" drop column "last_service_on", drop column "last_service_meter", drop column "rentals_since_service";`,
    );
    this.addSql(
      `alter table "inventory_items" drop column "service_every_hours", drop column "service_every_days", drop column "service_every_rentals";`,
    );
    this.addSql(`alter table "maintenance_holds" drop column "unit_id", drop column "source";`);
    this.addSql(`drop table if exists "rental_order_charges" cascade;`);
    for (const t of ['rental_checkouts', 'rental_returns']) this.addSql(`alter table "${t}" drop column "checklist";`);
    this.addSql(`drop table if exists "inspection_checklists" cascade;`);
  }
}
