import { Migration } from '@mikro-orm/migrations';

/**
 * The places directory and enrichment (issue 27, parts 3 and 4; docs/crm.md, "Places directory and company enrichment"):
 * a company is created from a places result at most once per organization (the unique place id), and the
 * providers' calls are counted per organization and UTC day in `provider_usage` (src/db/provider-usage.ts,
 * plain SQL, no entity), a tenant table under row-level security like the others.
 */
export class Migration20261128100000_directory extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create unique index "companies_organization_id_places_id_unique" on "companies" ("organization_id", "places_id") where "places_id" is not null;`,
    );
    this.addSql(
      `create table "provider_usage" ("organization_id" uuid not null, "day" date not null, "calls" int not null default 0, constraint "provider_usage_pkey" primary key ("organization_id", "day"));`,
    );
    this.addSql(
      `alter table "provider_usage" add constraint "provider_usage_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(`select enable_tenant_rls('provider_usage');`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "provider_usage" cascade;`);
    this.addSql(`drop index if exists "companies_organization_id_places_id_unique";`);
  }
}
