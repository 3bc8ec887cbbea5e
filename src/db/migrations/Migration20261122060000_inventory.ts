import { Migration } from '@mikro-orm/migrations';

/** Rental operations, parts 1-3 (docs/rental.md): the inventory catalog and maintenance holds. */
export class Migration20261122060000_inventory extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);

    this.addSql(
      `create table "inventory_items" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organization_id" uuid not null, "name" varchar(200) not null, "item_number" varchar(100) not null, "category" varchar(100) null, "daily_rate" numeric(12,2) not null, "weekly_rate" numeric(12,2) null, "monthly_rate" numeric(12,2) null, "quantity_owned" int not null, "specifications" jsonb not null, "image_url" varchar(1000) null, "status" text check ("status" in ('active', 'retired')) not null default 'active', "retired_at" timestamptz null, constraint "inventory_items_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "inventory_items_organization_id_index" on "inventory_items" ("organization_id");`);
    this.addSql(
      `create index "inventory_items_organization_id_name_index" on "inventory_items" ("organization_id", "name");`,
    );
    this.addSql(
      `create index "inventory_items_organization_id_category_index" on "inventory_items" ("organization_id", "category");`,
    );
    this.addSql(`create index "inventory_items_name_trgm_index" on "inventory_items" using gin ("name" gin_trgm_ops);`);
    this.addSql(
      `alter table "inventory_items" add constraint "inventory_items_organization_id_item_number_unique" unique ("organization_id", "item_number");`,
    );

    this.addSql(
      `create table "maintenance_holds" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organization_id" uuid not null, "item_id" uuid not null, "quantity" int not null, "start_date" date not null, "end_date" date null, "reason" varchar(500) null, constraint "maintenance_holds_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "maintenance_holds_organization_id_index" on "maintenance_holds" ("organization_id");`);
    this.addSql(
      `create index "maintenance_holds_item_id_start_date_index" on "maintenance_holds" ("item_id", "start_date");`,
    );

    this.addSql(
      `alter table "inventory_items" add constraint "inventory_items_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "maintenance_holds" add constraint "maintenance_holds_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "maintenance_holds" add constraint "maintenance_holds_item_id_foreign" foreign key ("item_id") references "inventory_items" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "maintenance_holds" cascade;`);
    this.addSql(`drop table if exists "inventory_items" cascade;`);
  }
}
