import { Migration } from '@mikro-orm/migrations';

/**
 * invoice.overdue (docs/events.md; src/modules/rental/orders/invoice-overdue.job.ts): when an invoice's becoming
 * overdue was announced, claimed by one conditional update so the event is emitted once per invoice.
 */
export class Migration20261214300100_invoice_overdue extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "invoices" add column "overdue_notified_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "invoices" drop column "overdue_notified_at";`);
  }
}
