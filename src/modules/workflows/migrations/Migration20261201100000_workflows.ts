import { Migration } from '@mikro-orm/migrations';
import { COMMON, fk, TENANT } from '../../../db/migrations/tenant-table-sql';

/**
 * Workflows (issue 28; docs/workflows.md): definitions and their versions, runs unique per (version, event), the
 * outbox's dispatch mark and loop depth, and the pg-boss queue of runs with its retry policy (never created at run
 * time). Events already in the outbox are marked dispatched: no workflow existed when they happened.
 */
export class Migration20261201100000_workflows extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "workflows" (${COMMON}, "name" varchar(200) not null, "description" text null, "active" boolean not null default false, "owner_id" uuid null, "version" int not null default 1, "current_version_id" uuid null, "trigger_event" varchar(64) not null, "definition" jsonb not null, "round_robin_cursor" int not null default 0, "template_key" varchar(64) null, constraint "workflows_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "workflows_owner_id_index" on "workflows" ("owner_id");`);
    this.addSql(`create index "workflows_organization_id_active_index" on "workflows" ("organization_id", "active");`);
    this.addSql(fk('workflows', 'owner_id', 'users', 'set null'));
    for (const sql of TENANT('workflows')) this.addSql(sql);

    this.addSql(
      `create table "workflow_versions" (${COMMON}, "workflow_id" uuid not null, "version" int not null, "trigger_event" varchar(64) not null, "definition" jsonb not null, "created_by_id" uuid null, constraint "workflow_versions_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "workflow_versions_workflow_id_index" on "workflow_versions" ("workflow_id");`);
    this.addSql(
      `alter table "workflow_versions" add constraint "workflow_versions_workflow_id_version_unique" unique ("workflow_id", "version");`,
    );
    this.addSql(fk('workflow_versions', 'workflow_id', 'workflows', 'cascade'));
    this.addSql(fk('workflow_versions', 'created_by_id', 'users', 'set null'));
    for (const sql of TENANT('workflow_versions')) this.addSql(sql);

    this.addSql(
      `create table "workflow_runs" (${COMMON}, "workflow_id" uuid not null, "workflow_version_id" uuid not null, "version" int not null, "event_id" uuid not null, "trigger_event" varchar(64) not null, "trigger_data" jsonb not null, "status" text check ("status" in ('queued', 'retrying', 'succeeded', 'skipped', 'failed')) not null default 'queued', "steps" jsonb not null, "error" text null, "attempts" int not null default 0, "depth" int not null default 0, "finished_at" timestamptz null, constraint "workflow_runs_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "workflow_runs_workflow_id_index" on "workflow_runs" ("workflow_id");`);
    this.addSql(
      `create index "workflow_runs_organization_id_workflow_id_created_at_index" on "workflow_runs" ("organization_id", "workflow_id", "created_at");`,
    );
    this.addSql(
      `alter table "workflow_runs" add constraint "workflow_runs_workflow_version_id_event_id_unique" unique ("workflow_version_id", "event_id");`,
    );
    this.addSql(fk('workflow_runs', 'workflow_id', 'workflows', 'cascade'));
    this.addSql(fk('workflow_runs', 'workflow_version_id', 'workflow_versions', 'cascade'));
    for (const sql of TENANT('workflow_runs')) this.addSql(sql);

    this.addSql(
      `alter table "outbox_events" add column "workflow_dispatched_at" timestamptz null, add column "workflow_depth" int not null default 0;`,
    );
    this.addSql(`update "outbox_events" set "workflow_dispatched_at" = "created_at";`);
    this.addSql(
      `create index "outbox_events_workflow_pending_index" on "outbox_events" ("created_at") where "workflow_dispatched_at" is null;`,
    );

    this.addSql(
      `select pgboss.create_queue('workflow-runs', '{"policy":"standard","retryLimit":4,"retryDelay":10,"retryBackoff":true,"expireInSeconds":300}'::json);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`select pgboss.delete_queue('workflow-runs');`);
    this.addSql(`drop index if exists "outbox_events_workflow_pending_index";`);
    this.addSql(`alter table "outbox_events" drop column "workflow_dispatched_at", drop column "workflow_depth";`);
    this.addSql(`drop table if exists "workflow_runs" cascade;`);
    this.addSql(`drop table if exists "workflow_versions" cascade;`);
    this.addSql(`drop table if exists "workflows" cascade;`);
  }
}
