import { Migration } from '@mikro-orm/migrations';

/**
 * The pg-boss queue of lead-score backfills (docs/ai.md, "Backfill"): a read that finds more stale leads than it
 * scores itself puts its organization's job here. `stately` with the organization as the singleton key: one job of
 * an organization waits at a time. A fault is retried twice; a job that outlives its expiry is handed on.
 */
export class Migration20261231100000_lead_score_queue extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `select pgboss.create_queue('lead-score-backfill', '{"policy":"stately","retryLimit":2,"retryDelay":5,"retryBackoff":true,"expireInSeconds":900}'::json);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`select pgboss.delete_queue('lead-score-backfill');`);
  }
}
