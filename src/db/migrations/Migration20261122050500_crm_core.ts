import { Migration } from '@mikro-orm/migrations';

/** CRM core (docs/crm.md): companies, unified contacts, legacy leads and customers. */
export class Migration20261122050500_crm_core extends Migration {
  override async up(): Promise<void> {
    // Trigram indexes make the lists' case-insensitive partial search (ILIKE '%term%') an index scan.
    this.addSql(`create extension if not exists pg_trgm;`);

    this.addSql(
      `create table "companies" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organization_id" uuid not null, "name" varchar(200) not null, "website" varchar(500) null, "industry" varchar(100) null, "employee_count" int null, "revenue" numeric(16,2) null, "places_id" varchar(200) null, "enrichment" jsonb null, "enriched_at" timestamptz null, "service_areas" jsonb not null, constraint "companies_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "companies_organization_id_index" on "companies" ("organization_id");`);
    this.addSql(
      `create index "companies_organization_id_created_at_index" on "companies" ("organization_id", "created_at");`,
    );
    this.addSql(`create index "companies_name_trgm_index" on "companies" using gin ("name" gin_trgm_ops);`);
    this.addSql(
      `create unique index "companies_organization_id_lower_name_unique" on "companies" ("organization_id", lower("name"));`,
    );

    this.addSql(
      `create table "contacts" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organization_id" uuid not null, "name" varchar(200) not null, "email" varchar(320) null, "phone" varchar(20) null, "company_id" uuid null, "owner_id" uuid null, "status" text check ("status" in ('customer', 'lead', 'unknown')) not null, "last_contacted_at" timestamptz null, "address" varchar(300) null, "city" varchar(100) null, "state" varchar(100) null, "zip_code" varchar(20) null, "source" varchar(100) null, "superseded_by_id" uuid null, "superseded_reason" text check ("superseded_reason" in ('converted', 'merged')) null, constraint "contacts_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "contacts_organization_id_index" on "contacts" ("organization_id");`);
    this.addSql(`create index "contacts_company_id_index" on "contacts" ("company_id");`);
    this.addSql(`create index "contacts_owner_id_index" on "contacts" ("owner_id");`);
    this.addSql(`create index "contacts_superseded_by_id_index" on "contacts" ("superseded_by_id");`);
    this.addSql(
      `create index "contacts_organization_id_created_at_index" on "contacts" ("organization_id", "created_at");`,
    );
    this.addSql(`create index "contacts_email_trgm_index" on "contacts" using gin ("email" gin_trgm_ops);`);
    this.addSql(`create index "contacts_name_trgm_index" on "contacts" using gin ("name" gin_trgm_ops);`);
    this.addSql(
      `create unique index "contacts_organization_id_lower_email_unique" on "contacts" ("organization_id", lower("email")) where "superseded_by_id" is null;`,
    );

    this.addSql(
      `create table "customers" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organization_id" uuid not null, "contact_id" uuid not null, "billing_address" varchar(300) null, "billing_city" varchar(100) null, "billing_state" varchar(100) null, "billing_zip_code" varchar(20) null, "lifetime_order_value" numeric(14,2) not null default 0, constraint "customers_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "customers_organization_id_index" on "customers" ("organization_id");`);
    this.addSql(`create index "customers_contact_id_index" on "customers" ("contact_id");`);
    this.addSql(
      `create index "customers_organization_id_lifetime_order_value_index" on "customers" ("organization_id", "lifetime_order_value");`,
    );
    this.addSql(
      `create index "customers_organization_id_created_at_index" on "customers" ("organization_id", "created_at");`,
    );

    this.addSql(
      `create table "leads" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organization_id" uuid not null, "contact_id" uuid not null, "status" text check ("status" in ('new', 'contacted', 'qualified', 'negotiation', 'converted', 'lost')) not null, "converted_at" timestamptz null, "converted_by_id" uuid null, "customer_id" uuid null, constraint "leads_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "leads_organization_id_index" on "leads" ("organization_id");`);
    this.addSql(`create index "leads_contact_id_index" on "leads" ("contact_id");`);
    this.addSql(`create index "leads_converted_by_id_index" on "leads" ("converted_by_id");`);
    this.addSql(`create index "leads_customer_id_index" on "leads" ("customer_id");`);
    this.addSql(`create index "leads_organization_id_created_at_index" on "leads" ("organization_id", "created_at");`);

    this.addSql(
      `alter table "companies" add constraint "companies_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "contacts" add constraint "contacts_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "contacts" add constraint "contacts_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "contacts" add constraint "contacts_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "contacts" add constraint "contacts_superseded_by_id_foreign" foreign key ("superseded_by_id") references "contacts" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `alter table "customers" add constraint "customers_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "customers" add constraint "customers_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "leads" add constraint "leads_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "leads" add constraint "leads_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "leads" add constraint "leads_converted_by_id_foreign" foreign key ("converted_by_id") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "leads" add constraint "leads_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on update cascade on delete set null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "leads" cascade;`);
    this.addSql(`drop table if exists "customers" cascade;`);
    this.addSql(`drop table if exists "contacts" cascade;`);
    this.addSql(`drop table if exists "companies" cascade;`);
  }
}
