import { Migration } from '@mikro-orm/migrations';
import { COMMON, fk, TENANT } from '../../../db/migrations/tenant-table-sql';

/**
 * Background jobs (issue 31; docs/jobs.md): the job record with its counters, report and error, and its input
 * (an uploaded file in pieces) kept in the database until it finishes, so that any instance can run it.
 */
export class Migration20261212100000_background_jobs extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "background_jobs" (${COMMON}, "kind" varchar(64) not null, "status" text check ("status" in ('queued', 'running', 'succeeded', 'failed', 'cancelled')) not null default 'queued', "rows_read" int not null default 0, "rows_decided" int not null default 0, "rows_written" int not null default 0, "total_rows" int null, "params" jsonb not null, "report" jsonb null, "error" jsonb null, "attempts" int not null default 0, "created_by_id" uuid null, "started_at" timestamptz null, "finished_at" timestamptz null, constraint "background_jobs_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "background_jobs_created_by_id_index" on "background_jobs" ("created_by_id");`);
    this.addSql(
      `create index "background_jobs_organization_id_created_at_index" on "background_jobs" ("organization_id", "created_at");`,
    );
    this.addSql(fk('background_jobs', 'created_by_id', 'users', 'set null'));
    for (const sql of TENANT('background_jobs')) this.addSql(sql);

    this.addSql(
      `create table "background_job_inputs" (${COMMON}, "job_id" uuid not null, "seq" int not null, "data" bytea not null, constraint "background_job_inputs_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "background_job_inputs_job_id_index" on "background_job_inputs" ("job_id");`);
    this.addSql(fk('background_job_inputs', 'job_id', 'background_jobs', 'cascade'));
    for (const sql of TENANT('background_job_inputs')) this.addSql(sql);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "background_job_inputs" cascade;');
    this.addSql('drop table if exists "background_jobs" cascade;');
  }
}
