import { Migration } from '@mikro-orm/migrations';

/** Issue 3, accounts and administration: settings, invitations, password resets, impersonation, audit, API keys, mail outbox, plants. */
export class Migration20261122050000_accounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "organizations" add column "phone" varchar(20) null, add column "email" varchar(320) null, add column "website" varchar(500) null, add column "address1" varchar(200) null, add column "city" varchar(100) null, add column "state" varchar(100) null, add column "zip_code" varchar(20) null, add column "business_hours_start" varchar(5) null, add column "business_hours_end" varchar(5) null, add column "timezone" varchar(64) null, add column "features" jsonb null, add column "ai_settings" jsonb null, add column "integration_credentials" jsonb null;`,
    );

    this.addSql(
      `alter table "sessions" add column "impersonated_user_id" uuid null, add column "impersonation_started_at" timestamptz null;`,
    );
    this.addSql(`create index "sessions_impersonated_user_id_index" on "sessions" ("impersonated_user_id");`);
    this.addSql(
      `alter table "sessions" add constraint "sessions_impersonated_user_id_foreign" foreign key ("impersonated_user_id") references "users" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `create table "invitations" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organization_id" uuid not null, "email" varchar(320) not null, "role" text check ("role" in ('user', 'admin')) not null, "first_name" varchar(100) not null, "last_name" varchar(100) not null, "token_digest" varchar(64) not null, "expires_at" timestamptz not null, "accepted_at" timestamptz null, "invited_by_id" uuid null, constraint "invitations_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "invitations_organization_id_index" on "invitations" ("organization_id");`);
    this.addSql(`create index "invitations_email_index" on "invitations" ("email");`);
    this.addSql(`alter table "invitations" add constraint "invitations_token_digest_unique" unique ("token_digest");`);
    this.addSql(`create index "invitations_invited_by_id_index" on "invitations" ("invited_by_id");`);
    this.addSql(
      `alter table "invitations" add constraint "invitations_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "invitations" add constraint "invitations_invited_by_id_foreign" foreign key ("invited_by_id") references "users" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `create table "password_reset_tokens" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organization_id" uuid not null, "user_id" uuid not null, "token_digest" varchar(64) not null, "expires_at" timestamptz not null, "used_at" timestamptz null, constraint "password_reset_tokens_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create index "password_reset_tokens_organization_id_index" on "password_reset_tokens" ("organization_id");`,
    );
    this.addSql(`create index "password_reset_tokens_user_id_index" on "password_reset_tokens" ("user_id");`);
    this.addSql(
      `alter table "password_reset_tokens" add constraint "password_reset_tokens_token_digest_unique" unique ("token_digest");`,
    );
    this.addSql(
      `alter table "password_reset_tokens" add constraint "password_reset_tokens_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "password_reset_tokens" add constraint "password_reset_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `create table "api_keys" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organization_id" uuid not null, "name" varchar(100) not null, "role" text check ("role" in ('user', 'admin')) not null, "prefix" varchar(16) not null, "key_digest" varchar(64) not null, "expires_at" timestamptz null, "last_used_at" timestamptz null, "revoked_at" timestamptz null, "created_by_id" uuid not null, constraint "api_keys_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "api_keys_organization_id_index" on "api_keys" ("organization_id");`);
    this.addSql(`alter table "api_keys" add constraint "api_keys_key_digest_unique" unique ("key_digest");`);
    this.addSql(`create index "api_keys_created_by_id_index" on "api_keys" ("created_by_id");`);
    this.addSql(
      `alter table "api_keys" add constraint "api_keys_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "api_keys" add constraint "api_keys_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    // Platform audit trail: deliberately no foreign keys, so entries outlive the users and organizations they name.
    this.addSql(
      `create table "audit_entries" ("id" uuid not null, "created_at" timestamptz not null, "actor_user_id" uuid not null, "actor_email" varchar(320) not null, "impersonated_user_id" uuid null, "impersonated_email" varchar(320) null, "target_organization_id" uuid null, "action" varchar(300) not null, "status" int not null, "request_id" varchar(100) null, constraint "audit_entries_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "audit_entries_created_at_index" on "audit_entries" ("created_at");`);
    this.addSql(
      `create index "audit_entries_target_organization_id_index" on "audit_entries" ("target_organization_id");`,
    );

    this.addSql(
      `create table "mail_outbox" ("id" uuid not null, "created_at" timestamptz not null, "organization_id" uuid null, "recipient" varchar(320) not null, "subject" varchar(300) not null, "text" text not null, "kind" varchar(50) not null, constraint "mail_outbox_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "mail_outbox_organization_id_index" on "mail_outbox" ("organization_id");`);
    this.addSql(
      `alter table "mail_outbox" add constraint "mail_outbox_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `create table "plants" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organization_id" uuid not null, "plant_id" bigint not null, "name" varchar(200) not null, "tag" varchar(100) null, constraint "plants_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "plants_organization_id_index" on "plants" ("organization_id");`);
    this.addSql(
      `alter table "plants" add constraint "plants_organization_id_plant_id_unique" unique ("organization_id", "plant_id");`,
    );
    this.addSql(
      `alter table "plants" add constraint "plants_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "plants" cascade;`);
    this.addSql(`drop table if exists "mail_outbox" cascade;`);
    this.addSql(`drop table if exists "audit_entries" cascade;`);
    this.addSql(`drop table if exists "api_keys" cascade;`);
    this.addSql(`drop table if exists "password_reset_tokens" cascade;`);
    this.addSql(`drop table if exists "invitations" cascade;`);
    this.addSql(`alter table "sessions" drop constraint "sessions_impersonated_user_id_foreign";`);
    this.addSql(`drop index "sessions_impersonated_user_id_index";`);
    this.addSql(`alter table "sessions" drop column "impersonated_user_id", drop column "impersonation_started_at";`);
    this.addSql(
      `alter table "organizations" drop column "phone", drop column "email", drop column "website", drop column "address1", drop column "city", drop column "state", drop column "zip_code", drop column "business_hours_start", drop column "business_hours_end", drop column "timezone", drop column "features", drop column "ai_settings", drop column "integration_credentials";`,
    );
  }
}
