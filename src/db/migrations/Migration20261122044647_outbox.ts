import { Migration } from '@mikro-orm/migrations';

export class Migration20261122044647_outbox extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "outbox_events" ("id" uuid not null, "organization_id" uuid not null, "event" varchar(64) not null, "payload" jsonb not null, "created_at" timestamptz not null, constraint "outbox_events_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create index "outbox_events_organization_id_created_at_index" on "outbox_events" ("organization_id", "created_at");`,
    );

    this.addSql(
      `alter table "outbox_events" add constraint "outbox_events_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "outbox_events" cascade;`);
  }
}
