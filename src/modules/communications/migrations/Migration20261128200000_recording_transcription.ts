import { Migration } from '@mikro-orm/migrations';

/**
 * The queue of call recordings to transcribe (issue 27, part 2; docs/communications.md, "Call transcripts"):
 * created here with its retry policy (pg-boss's own create_queue, installed by the scheduler migration), never
 * at run time. The inbound webhook puts a job on it in its own transaction, as the application role, so that
 * role may read the queue list and insert jobs (and read back only their id), nothing else of pg-boss's schema.
 */
export class Migration20261128200000_recording_transcription extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `select pgboss.create_queue('recording-transcription', '{"policy":"standard","retryLimit":4,"retryDelay":30,"retryBackoff":true,"expireInSeconds":600}'::json);`,
    );
    this.addSql(`grant usage on schema pgboss to crm_app;`);
    this.addSql(`grant select on pgboss.queue to crm_app;`);
    this.addSql(`grant insert, select (id) on pgboss.job to crm_app;`);
  }

  override async down(): Promise<void> {
    this.addSql(`revoke insert, select (id) on pgboss.job from crm_app;`);
    this.addSql(`revoke select on pgboss.queue from crm_app;`);
    this.addSql(`revoke usage on schema pgboss from crm_app;`);
    this.addSql(`select pgboss.delete_queue('recording-transcription');`);
  }
}
