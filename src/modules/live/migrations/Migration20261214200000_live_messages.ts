import { Migration } from '@mikro-orm/migrations';
import { TENANT } from '../../../db/migrations/tenant-table-sql';
import { LIVE_NOTIFY_V1 } from './Migration20261211100000_live_triggers';

/**
 * Live messages are kept for a while (docs/events.md, "Resuming: Last-Event-ID"): each one is a row of
 * `live_messages` before it is sent, and carries that row's `seq`, which the SSE stream gives as each event's `id:`;
 * a client that reconnects with `Last-Event-ID` is replayed the rows after it, read under its own tenancy. One
 * function, `crm_live_publish`, writes the row and sends the NOTIFY (in the writer's transaction: a rolled-back
 * write leaves neither), for the tables' triggers and for `publishLive` (a job's progress) alike. The rows are
 * pruned after LIVE_REPLAY_WINDOW_MINUTES (the live module's schedule).
 */
const PUBLISH = `create or replace function crm_live_publish(org uuid, topic text, data jsonb) returns bigint
language plpgsql as $$
declare
  s bigint;
begin
  insert into live_messages (organization_id, topic, data) values (org, topic, data) returning seq into s;
  perform pg_notify('crm_live', jsonb_build_object('organizationId', org, 'topic', topic, 'data', data, 'seq', s)::text);
  return s;
end $$`;

/** The trigger function of migration 20261211100000, its message now sent through `crm_live_publish`. */
const NOTIFY = LIVE_NOTIFY_V1.replace(
  /perform pg_notify\('crm_live', .*\);/,
  "perform crm_live_publish((r->>'organization_id')::uuid, tg_argv[0], data);",
);
if (NOTIFY === LIVE_NOTIFY_V1)
  throw new Error('the live trigger function changed: migration 20261214200000 no longer applies');

export class Migration20261214200000_live_messages extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "live_messages" ("organization_id" uuid not null, "seq" bigint generated always as identity, "topic" text not null, "data" jsonb not null, "created_at" timestamptz not null default now(), constraint "live_messages_pkey" primary key ("organization_id", "seq"));`,
    );
    this.addSql(`create index "live_messages_created_at_index" on "live_messages" ("created_at");`);
    for (const sql of TENANT('live_messages')) this.addSql(sql);
    this.addSql(PUBLISH);
    this.addSql(NOTIFY);
  }

  override async down(): Promise<void> {
    this.addSql(LIVE_NOTIFY_V1);
    this.addSql('drop function if exists crm_live_publish(uuid, text, jsonb)');
    this.addSql('drop table if exists "live_messages" cascade;');
  }
}
