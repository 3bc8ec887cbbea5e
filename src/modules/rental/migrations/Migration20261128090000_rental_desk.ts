import { Migration } from '@mikro-orm/migrations';
import { COMMON, fk, TENANT } from '../../../db/migrations/tenant-table-sql';

/**
 * The rental desk (issue 29, parts 1-2; docs/rental.md, "Units" and "On the floor"): items tracked by unit
 * (inventory_units and their history), an order's detailed `fulfillment`, the check-outs and check-ins of
 * its lines, and its moves (the customer's timeline). Existing orders keep their bookings: a completed one
 * is `returned`, a cancelled one `cancelled`, every other one `reserved`. Every new table is a tenant table
 * with row-level security. A unit event's order id and a move's customer id are plain references (no foreign
 * key): the history outlives nothing it names, since an order goes only with its customer or organization.
 */
export class Migration20261128090000_rental_desk extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "inventory_items" add column "tracking" text not null default 'bulk' check ("tracking" in ('bulk', 'unit'));`,
    );
    this.addSql(
      `create table "inventory_units" (${COMMON}, "item_id" uuid not null, "asset_tag" varchar(100) not null, "serial_number" varchar(100) null, "make" varchar(100) null, "model" varchar(100) null, "year" int null, "meter_kind" text not null default 'none' check ("meter_kind" in ('hours', 'miles', 'none')), "meter_reading" numeric(12,1) null, "status" text not null default 'available' check ("status" in ('available', 'reserved', 'on_rent', 'awaiting_inspection', 'in_maintenance', 'retired')), "out_of_service_from" date null, "notes" varchar(2000) null, constraint "inventory_units_pkey" primary key ("id"));`,
    );
    this.addSql(
      `alter table "inventory_units" add constraint "inventory_units_organization_id_asset_tag_unique" unique ("organization_id", "asset_tag");`,
    );
    this.addSql(`create index "inventory_units_item_id_index" on "inventory_units" ("item_id");`);
    this.addSql(fk('inventory_units', 'item_id', 'inventory_items', 'cascade'));
    TENANT('inventory_units').forEach((s) => this.addSql(s));

    this.addSql(
      `create table "inventory_unit_events" (${COMMON}, "unit_id" uuid not null, "kind" varchar(30) not null, "occurred_at" timestamptz not null, "status" text check ("status" in ('available', 'reserved', 'on_rent', 'awaiting_inspection', 'in_maintenance', 'retired')) not null, "meter_reading" numeric(12,1) null, "order_id" uuid null, "note" varchar(2000) null, "user_id" uuid null, constraint "inventory_unit_events_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create index "inventory_unit_events_unit_id_occurred_at_index" on "inventory_unit_events" ("unit_id", "occurred_at");`,
    );
    this.addSql(fk('inventory_unit_events', 'unit_id', 'inventory_units', 'cascade'));
    this.addSql(fk('inventory_unit_events', 'user_id', 'users', 'set null'));
    TENANT('inventory_unit_events').forEach((s) => this.addSql(s));

    this.addSql(`alter table "rental_orders" add column "fulfillment" text not null default 'reserved';`);
    this.addSql(
      `update "rental_orders" set "fulfillment" = case "status" when 'completed' then 'returned' when 'cancelled' then 'cancelled' else 'reserved' end;`,
    );
    this.addSql(
      `alter table "rental_orders" add constraint "rental_orders_fulfillment_check" check ("fulfillment" in ('reserved', 'partially_out', 'out', 'partially_returned', 'returned', 'cancelled'));`,
    );
    this.addSql(
      `alter table "rental_order_lines" add column "quantity_out" int not null default 0, add column "quantity_returned" int not null default 0;`,
    );

    this.addSql(
      `create table "rental_checkouts" (${COMMON}, "order_id" uuid not null, "line_id" uuid not null, "unit_id" uuid null, "asset_tag" varchar(100) null, "quantity" int not null, "meter_out" numeric(12,1) null, "checklist_passed" boolean not null, "released_by_id" uuid null, "released_to" varchar(200) not null, "checked_out_at" timestamptz not null, constraint "rental_checkouts_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create table "rental_returns" (${COMMON}, "order_id" uuid not null, "line_id" uuid not null, "unit_id" uuid null, "asset_tag" varchar(100) null, "quantity" int not null, "kind" text not null check ("kind" in ('return', 'swap')), "returned_on" date not null, "meter_in" numeric(12,1) null, "condition" text not null check ("condition" in ('good', 'dirty', 'damaged')), "damage_notes" varchar(2000) null, "photo_urls" jsonb not null, "checklist_passed" boolean null, "received_by_id" uuid null, "checked_in_at" timestamptz not null, constraint "rental_returns_pkey" primary key ("id"));`,
    );
    for (const t of ['rental_checkouts', 'rental_returns']) {
      this.addSql(`create index "${t}_order_id_index" on "${t}" ("order_id");`);
      this.addSql(`create index "${t}_line_id_index" on "${t}" ("line_id");`);
      this.addSql(`create index "${t}_unit_id_index" on "${t}" ("unit_id");`);
      this.addSql(fk(t, 'order_id', 'rental_orders', 'cascade'));
      this.addSql(fk(t, 'line_id', 'rental_order_lines', 'cascade'));
      this.addSql(fk(t, 'unit_id', 'inventory_units', 'set null'));
      this.addSql(fk(t, t === 'rental_checkouts' ? 'released_by_id' : 'received_by_id', 'users', 'set null'));
      TENANT(t).forEach((s) => this.addSql(s));
    }

    this.addSql(
      `create table "rental_order_moves" (${COMMON}, "order_id" uuid not null, "customer_id" uuid not null, "kind" varchar(20) not null, "occurred_at" timestamptz not null, "title" varchar(300) not null, "detail" varchar(500) null, "user_id" uuid null, constraint "rental_order_moves_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create index "rental_order_moves_order_id_occurred_at_index" on "rental_order_moves" ("order_id", "occurred_at");`,
    );
    this.addSql(`create index "rental_order_moves_customer_id_index" on "rental_order_moves" ("customer_id");`);
    this.addSql(fk('rental_order_moves', 'order_id', 'rental_orders', 'cascade'));
    this.addSql(fk('rental_order_moves', 'user_id', 'users', 'set null'));
    TENANT('rental_order_moves').forEach((s) => this.addSql(s));
  }

  override async down(): Promise<void> {
    for (const t of [
      'rental_order_moves',
      'rental_returns',
      'rental_checkouts',
      'inventory_unit_events',
      'inventory_units',
    ])
      this.addSql(`drop table if exists "${t}" cascade;`);
    this.addSql(`alter table "rental_order_lines" drop column "quantity_out", drop column "quantity_returned";`);
    this.addSql(`alter table "rental_orders" drop column "fulfillment";`);
    this.addSql(`alter table "inventory_items" drop column "tracking";`);
  }
}
