import { Migration } from '@mikro-orm/migrations';

/**
 * The pg-boss queue of CSV imports run as jobs (docs/jobs.md), with its retry policy: a fault (not a bad file) is
 * retried twice; a job that outlives its expiry (its process died) is handed to another worker.
 */
export class Migration20261212100100_customer_import_queue extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `select pgboss.create_queue('customer-import', '{"policy":"standard","retryLimit":2,"retryDelay":5,"retryBackoff":true,"expireInSeconds":900}'::json);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`select pgboss.delete_queue('customer-import');`);
  }
}
