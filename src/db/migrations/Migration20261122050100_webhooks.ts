import { Migration } from '@mikro-orm/migrations';

export class Migration20261122050100_webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "webhook_subscriptions" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organization_id" uuid not null, "url" varchar(2000) not null, "events" jsonb not null, "active" boolean not null, "description" varchar(500) null, "secret" varchar(200) not null, "previous_secret" varchar(200) null, "previous_secret_expires_at" timestamptz null, "disabled_reason" varchar(500) null, "disabled_at" timestamptz null, "failing_since" timestamptz null, "consecutive_failures" int not null, "last_success_at" timestamptz null, "last_failure_at" timestamptz null, constraint "webhook_subscriptions_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create index "webhook_subscriptions_organization_id_index" on "webhook_subscriptions" ("organization_id");`,
    );

    this.addSql(
      `create table "webhook_deliveries" ("id" uuid not null, "organization_id" uuid not null, "event_id" uuid not null, "subscription_id" uuid not null, "kind" varchar(64) not null, "status" text check ("status" in ('pending', 'delivered', 'failed')) not null, "attempts" int not null, "next_attempt_at" timestamptz not null, "retry_started_at" timestamptz not null, "locked_until" timestamptz null, "claim_token" uuid null, "last_status_code" int null, "last_error" varchar(500) null, "delivered_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "webhook_deliveries_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "webhook_deliveries_organization_id_index" on "webhook_deliveries" ("organization_id");`);
    this.addSql(`create index "webhook_deliveries_subscription_id_index" on "webhook_deliveries" ("subscription_id");`);
    this.addSql(
      `create index "webhook_deliveries_status_next_attempt_at_index" on "webhook_deliveries" ("status", "next_attempt_at");`,
    );
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_event_id_subscription_id_unique" unique ("event_id", "subscription_id");`,
    );

    this.addSql(
      `create table "webhook_attempts" ("id" uuid not null, "organization_id" uuid not null, "delivery_id" uuid not null, "event_id" uuid not null, "subscription_id" uuid not null, "kind" varchar(64) not null, "attempt" int not null, "attempted_at" timestamptz not null, "status_code" int null, "latency_ms" int not null, "error" varchar(500) null, "success" boolean not null, "next_attempt_at" timestamptz null, constraint "webhook_attempts_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "webhook_attempts_delivery_id_index" on "webhook_attempts" ("delivery_id");`);
    this.addSql(`create index "webhook_attempts_event_id_index" on "webhook_attempts" ("event_id");`);
    this.addSql(`create index "webhook_attempts_subscription_id_index" on "webhook_attempts" ("subscription_id");`);
    this.addSql(`create index "webhook_attempts_attempted_at_index" on "webhook_attempts" ("attempted_at");`);
    this.addSql(
      `create index "webhook_attempts_organization_id_attempted_at_index" on "webhook_attempts" ("organization_id", "attempted_at");`,
    );

    this.addSql(`alter table "outbox_events" add column "fanned_out_at" timestamptz null;`);
    this.addSql(`create index "outbox_events_fanned_out_at_index" on "outbox_events" ("fanned_out_at");`);

    this.addSql(
      `alter table "webhook_subscriptions" add constraint "webhook_subscriptions_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_event_id_foreign" foreign key ("event_id") references "outbox_events" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_subscription_id_foreign" foreign key ("subscription_id") references "webhook_subscriptions" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "webhook_attempts" add constraint "webhook_attempts_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "webhook_attempts" add constraint "webhook_attempts_delivery_id_foreign" foreign key ("delivery_id") references "webhook_deliveries" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "webhook_attempts" add constraint "webhook_attempts_event_id_foreign" foreign key ("event_id") references "outbox_events" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "webhook_attempts" add constraint "webhook_attempts_subscription_id_foreign" foreign key ("subscription_id") references "webhook_subscriptions" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "outbox_events_fanned_out_at_index";`);
    this.addSql(`alter table "outbox_events" drop column "fanned_out_at";`);
    this.addSql(`drop table if exists "webhook_attempts" cascade;`);
    this.addSql(`drop table if exists "webhook_deliveries" cascade;`);
    this.addSql(`drop table if exists "webhook_subscriptions" cascade;`);
  }
}
