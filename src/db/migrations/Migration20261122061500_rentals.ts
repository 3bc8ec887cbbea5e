import { Migration } from '@mikro-orm/migrations';

/** Rental operations, parts 4-5 (docs/rental.md): rental settings, rental orders (transactions) and their lines. */
export class Migration20261122061500_rentals extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "rental_settings" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organization_id" uuid not null, "currency" varchar(3) not null default 'USD', "tax_rate" numeric(6,3) not null default 0, constraint "rental_settings_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "rental_settings_organization_id_index" on "rental_settings" ("organization_id");`);
    this.addSql(
      `alter table "rental_settings" add constraint "rental_settings_organization_id_unique" unique ("organization_id");`,
    );

    this.addSql(
      `create table "rental_orders" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organization_id" uuid not null, "customer_id" uuid not null, "order_date" date not null, "pickup_date" date not null, "return_date" date not null, "rental_days" int not null, "status" text check ("status" in ('pending', 'completed', 'cancelled')) not null default 'pending', "subtotal" numeric(12,2) not null, "tax_rate" numeric(6,3) not null, "tax" numeric(12,2) not null, "total" numeric(12,2) not null, "currency" varchar(3) not null, "notes" varchar(2000) null, "completed_at" timestamptz null, "cancelled_at" timestamptz null, "created_by_id" uuid null, constraint "rental_orders_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "rental_orders_organization_id_index" on "rental_orders" ("organization_id");`);
    this.addSql(`create index "rental_orders_customer_id_index" on "rental_orders" ("customer_id");`);
    this.addSql(
      `create index "rental_orders_organization_id_order_date_index" on "rental_orders" ("organization_id", "order_date");`,
    );
    this.addSql(
      `create index "rental_orders_organization_id_created_at_index" on "rental_orders" ("organization_id", "created_at");`,
    );
    this.addSql(
      `create index "rental_orders_pickup_date_return_date_index" on "rental_orders" ("pickup_date", "return_date");`,
    );

    this.addSql(
      `create table "rental_order_lines" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organization_id" uuid not null, "order_id" uuid not null, "item_id" uuid not null, "position" int not null, "item_number" varchar(100) not null, "item_name" varchar(200) not null, "quantity" int not null, "days" int not null, "billed_days" int not null, "breakdown" jsonb not null, "unit_price" numeric(12,2) not null, "amount" numeric(12,2) not null, constraint "rental_order_lines_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "rental_order_lines_organization_id_index" on "rental_order_lines" ("organization_id");`);
    this.addSql(`create index "rental_order_lines_order_id_index" on "rental_order_lines" ("order_id");`);
    this.addSql(`create index "rental_order_lines_item_id_index" on "rental_order_lines" ("item_id");`);

    this.addSql(
      `alter table "rental_settings" add constraint "rental_settings_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "rental_orders" add constraint "rental_orders_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "rental_orders" add constraint "rental_orders_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "rental_orders" add constraint "rental_orders_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "rental_order_lines" add constraint "rental_order_lines_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "rental_order_lines" add constraint "rental_order_lines_order_id_foreign" foreign key ("order_id") references "rental_orders" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "rental_order_lines" add constraint "rental_order_lines_item_id_foreign" foreign key ("item_id") references "inventory_items" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "rental_order_lines" cascade;`);
    this.addSql(`drop table if exists "rental_orders" cascade;`);
    this.addSql(`drop table if exists "rental_settings" cascade;`);
  }
}
