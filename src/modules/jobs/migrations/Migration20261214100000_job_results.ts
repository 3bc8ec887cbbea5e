import { Migration } from '@mikro-orm/migrations';

/**
 * A job's result file (docs/jobs.md, "Exports as jobs"): the pieces of `background_job_inputs` say which file of the
 * job they are (`input` or `result`), and the pg-boss queue of list exports run as jobs, with the import's policy:
 * a fault is retried twice; a job that outlives its expiry (its process died) is handed to another worker.
 */
export class Migration20261214100000_job_results extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "background_job_inputs" add column "part" text check ("part" in ('input', 'result')) not null default 'input';`,
    );
    this.addSql(
      `select pgboss.create_queue('list-export', '{"policy":"standard","retryLimit":2,"retryDelay":5,"retryBackoff":true,"expireInSeconds":900}'::json);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`select pgboss.delete_queue('list-export');`);
    this.addSql(`alter table "background_job_inputs" drop column "part";`);
  }
}
