import { Migration } from '@mikro-orm/migrations';

export class Migration20261122043609_foundation extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "organizations" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "name" varchar(200) not null, constraint "organizations_pkey" primary key ("id"));`,
    );

    this.addSql(
      `create table "users" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organization_id" uuid not null, "email" varchar(320) not null, "password_hash" text not null, "first_name" varchar(100) not null, "last_name" varchar(100) not null, "role" text check ("role" in ('user', 'admin', 'super_admin')) not null, constraint "users_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "users_organization_id_index" on "users" ("organization_id");`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);

    this.addSql(
      `create table "sessions" ("id" varchar(64) not null, "user_id" uuid not null, "organization_id" uuid not null, "created_at" timestamptz not null, "last_seen_at" timestamptz not null, "expires_at" timestamptz not null, "absolute_expires_at" timestamptz not null, "ip" varchar(64) null, "user_agent" varchar(300) null, constraint "sessions_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "sessions_user_id_index" on "sessions" ("user_id");`);
    this.addSql(`create index "sessions_organization_id_index" on "sessions" ("organization_id");`);
    this.addSql(`create index "sessions_expires_at_index" on "sessions" ("expires_at");`);

    this.addSql(
      `alter table "users" add constraint "users_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "sessions" add constraint "sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "sessions" add constraint "sessions_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );

    // Rate-limit counters (http/rate-limit.ts): one row per key and fixed window, shared by every
    // instance. Unlogged: losing a minute of counters in a crash is harmless and writes are cheaper.
    this.addSql(
      `create unlogged table "rate_limit_counters" ("key" varchar(200) not null, "window_start" timestamptz not null, "count" int not null, constraint "rate_limit_counters_pkey" primary key ("key", "window_start"));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "rate_limit_counters";`);
    this.addSql(`alter table "users" drop constraint "users_organization_id_foreign";`);

    this.addSql(`alter table "sessions" drop constraint "sessions_organization_id_foreign";`);

    this.addSql(`alter table "sessions" drop constraint "sessions_user_id_foreign";`);

    this.addSql(`drop table if exists "organizations" cascade;`);

    this.addSql(`drop table if exists "users" cascade;`);

    this.addSql(`drop table if exists "sessions" cascade;`);
  }
}
