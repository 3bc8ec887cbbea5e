import { Migration } from '@mikro-orm/migrations';

const STATUSES = (extra: string) => `'queued', 'retrying', 'succeeded', 'skipped', 'failed'${extra}`;

/**
 * The workflow actions wait and call_webhook (docs/workflows.md): a run that waits is `waiting` until `resume_at`
 * (the dispatcher resumes it at action `resume_from`), and ends `stopped` when its conditions no longer hold then;
 * a workflow's webhook secret, encrypted by the credential cipher. Down ends the waiting runs as stopped first.
 */
export class Migration20261210100000_workflow_waits extends Migration {
  override async up(): Promise<void> {
    this.status(STATUSES(", 'waiting', 'stopped'"));
    this.addSql(
      `alter table "workflow_runs" add column "resume_at" timestamptz null, add column "resume_from" int null;`,
    );
    this.addSql(
      `create index "workflow_runs_waiting_index" on "workflow_runs" ("resume_at") where "status" = 'waiting';`,
    );
    this.addSql(`alter table "workflows" add column "webhook_secret" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "workflows" drop column "webhook_secret";`);
    this.addSql(`drop index if exists "workflow_runs_waiting_index";`);
    this.addSql(`alter table "workflow_runs" drop column "resume_at", drop column "resume_from";`);
    this.addSql(`update "workflow_runs" set "status" = 'skipped' where "status" in ('waiting', 'stopped');`);
    this.status(STATUSES(''));
  }

  private status(list: string): void {
    this.addSql(`alter table "workflow_runs" drop constraint "workflow_runs_status_check";`);
    this.addSql(
      `alter table "workflow_runs" add constraint "workflow_runs_status_check" check ("status" in (${list}));`,
    );
  }
}
