import { Migration } from '@mikro-orm/migrations';

/**
 * Communications (docs/communications.md): activities (with the provider's message or call id, unique per
 * organization and provider, and trigram indexes for the list's search), voice memos, email sync subscriptions,
 * the SMS outbox, and the users' in-app notifications.
 */
export class Migration20261123100000_communications extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "sms_outbox" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organization_id" uuid not null, "recipient" varchar(20) not null, "sender" varchar(20) null, "body" text not null, "status" varchar(20) not null default 'queued', "activity_id" uuid null, constraint "sms_outbox_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "sms_outbox_organization_id_index" on "sms_outbox" ("organization_id");`);

    this.addSql(
      `create table "notifications" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organization_id" uuid not null, "recipient_id" uuid not null, "kind" varchar(60) not null, "title" varchar(300) not null, "body" text null, "link" varchar(300) null, "read_at" timestamptz null, constraint "notifications_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "notifications_organization_id_index" on "notifications" ("organization_id");`);
    this.addSql(
      `create index "notifications_recipient_id_created_at_index" on "notifications" ("recipient_id", "created_at");`,
    );

    this.addSql(
      `create table "email_sync_subscriptions" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organization_id" uuid not null, "contact_id" uuid not null, "address" varchar(320) not null, "origin" varchar(40) not null, constraint "email_sync_subscriptions_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create index "email_sync_subscriptions_organization_id_index" on "email_sync_subscriptions" ("organization_id");`,
    );
    this.addSql(
      `alter table "email_sync_subscriptions" add constraint "email_sync_subscriptions_contact_id_address_unique" unique ("contact_id", "address");`,
    );

    this.addSql(
      `create table "activities" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organization_id" uuid not null, "contact_id" uuid not null, "type" text check ("type" in ('call', 'email', 'sms', 'meeting')) not null, "direction" text check ("direction" in ('inbound', 'outbound')) not null, "occurred_at" timestamptz not null, "subject" varchar(500) null, "body" text null, "duration_seconds" int null, "recording_url" varchar(2000) null, "sentiment_score" double precision null, "sentiment_label" text check ("sentiment_label" in ('positive', 'neutral', 'negative')) null, "summary" text null, "source" text check ("source" in ('user', 'ai', 'webhook')) not null, "author_id" uuid null, "opportunity_id" uuid null, "provider" varchar(40) null, "external_id" varchar(300) null, constraint "activities_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "activities_organization_id_index" on "activities" ("organization_id");`);
    this.addSql(`create index "activities_author_id_index" on "activities" ("author_id");`);
    this.addSql(`create index "activities_opportunity_id_index" on "activities" ("opportunity_id");`);
    this.addSql(`create index "activities_body_trgm_index" on "activities" using gin ("body" gin_trgm_ops);`);
    this.addSql(`create index "activities_subject_trgm_index" on "activities" using gin ("subject" gin_trgm_ops);`);
    this.addSql(
      `create index "activities_contact_id_occurred_at_index" on "activities" ("contact_id", "occurred_at");`,
    );
    this.addSql(
      `create index "activities_organization_id_occurred_at_index" on "activities" ("organization_id", "occurred_at");`,
    );
    this.addSql(
      `alter table "activities" add constraint "activities_organization_id_provider_external_id_unique" unique ("organization_id", "provider", "external_id");`,
    );

    this.addSql(
      `create table "voice_memos" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organization_id" uuid not null, "title" varchar(200) null, "transcript" text null, "recorded_at" timestamptz not null, "duration_seconds" int null, "status" text check ("status" in ('pending', 'transcribed', 'failed')) not null default 'pending', "contact_id" uuid null, "opportunity_id" uuid null, "author_id" uuid null, "activity_id" uuid null, "audio" bytea null, "audio_content_type" varchar(100) null, "audio_size" int null, constraint "voice_memos_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "voice_memos_organization_id_index" on "voice_memos" ("organization_id");`);
    this.addSql(`create index "voice_memos_contact_id_index" on "voice_memos" ("contact_id");`);
    this.addSql(`create index "voice_memos_opportunity_id_index" on "voice_memos" ("opportunity_id");`);
    this.addSql(`create index "voice_memos_author_id_index" on "voice_memos" ("author_id");`);
    this.addSql(`create index "voice_memos_activity_id_index" on "voice_memos" ("activity_id");`);
    this.addSql(
      `create index "voice_memos_organization_id_recorded_at_index" on "voice_memos" ("organization_id", "recorded_at");`,
    );

    this.addSql(
      `alter table "sms_outbox" add constraint "sms_outbox_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "notifications" add constraint "notifications_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "notifications" add constraint "notifications_recipient_id_foreign" foreign key ("recipient_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "email_sync_subscriptions" add constraint "email_sync_subscriptions_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "email_sync_subscriptions" add constraint "email_sync_subscriptions_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "activities" add constraint "activities_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "activities" add constraint "activities_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "activities" add constraint "activities_author_id_foreign" foreign key ("author_id") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "activities" add constraint "activities_opportunity_id_foreign" foreign key ("opportunity_id") references "opportunities" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `alter table "voice_memos" add constraint "voice_memos_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "voice_memos" add constraint "voice_memos_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "voice_memos" add constraint "voice_memos_opportunity_id_foreign" foreign key ("opportunity_id") references "opportunities" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "voice_memos" add constraint "voice_memos_author_id_foreign" foreign key ("author_id") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "voice_memos" add constraint "voice_memos_activity_id_foreign" foreign key ("activity_id") references "activities" ("id") on update cascade on delete set null;`,
    );
  }

  override async down(): Promise<void> {
    for (const table of ['voice_memos', 'activities', 'email_sync_subscriptions', 'notifications', 'sms_outbox'])
      this.addSql(`drop table if exists "${table}" cascade;`);
  }
}
