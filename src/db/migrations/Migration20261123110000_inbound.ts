import { Migration } from '@mikro-orm/migrations';

/**
 * Inbound channels (docs/communications.md, "Provider webhooks"): each organization's inbound email token (existing
 * organizations get one here: a slug of the name plus 40 random bits, as Organization's constructor makes them) and
 * the organizations' phone numbers, unique across organizations because calls and SMS are routed by them.
 */
export class Migration20261123110000_inbound extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "organizations" add column "inbound_email_token" varchar(64) null;`);
    this.addSql(
      `update "organizations" set "inbound_email_token" = coalesce(nullif(left(trim(both '-' from regexp_replace(lower("name"), '[^a-z0-9]+', '-', 'g')), 24), ''), 'org') || '-' || substr(md5(random()::text || "id"::text), 1, 10);`,
    );
    this.addSql(`alter table "organizations" alter column "inbound_email_token" set not null;`);
    this.addSql(
      `alter table "organizations" add constraint "organizations_inbound_email_token_unique" unique ("inbound_email_token");`,
    );

    this.addSql(
      `create table "organization_phone_numbers" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organization_id" uuid not null, "number" varchar(20) not null, "label" varchar(100) null, constraint "organization_phone_numbers_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create index "organization_phone_numbers_organization_id_index" on "organization_phone_numbers" ("organization_id");`,
    );
    this.addSql(
      `alter table "organization_phone_numbers" add constraint "organization_phone_numbers_number_unique" unique ("number");`,
    );
    this.addSql(
      `alter table "organization_phone_numbers" add constraint "organization_phone_numbers_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "organization_phone_numbers" cascade;`);
    this.addSql(`alter table "organizations" drop constraint "organizations_inbound_email_token_unique";`);
    this.addSql(`alter table "organizations" drop column "inbound_email_token";`);
  }
}
