import { Migration } from '@mikro-orm/migrations';

/**
 * Overdue orders and late charges (issue 29 part 4; docs/rental.md, "Overdue and late charges"): the late-charge
 * policy in the rental settings (on by default, no grace day, the item's daily rate), the return date an order's
 * lateness was last announced for (order.overdue once per overdue spell). The late charges themselves are rows of
 * `rental_order_charges`, the table Migration20261130100000_inspections creates for every kind of charge.
 */
export class Migration20261130200000_overdue extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "rental_settings" add column "late_charges_enabled" boolean not null default true, add column "late_grace_days" int not null default 0, add column "late_rate_per_day" numeric(12,2) null;`,
    );
    this.addSql(`alter table "rental_orders" add column "overdue_notified_for" date null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "rental_orders" drop column "overdue_notified_for";`);
    this.addSql(
      `alter table "rental_settings" drop column "late_charges_enabled", drop column "late_grace_days", drop column "late_rate_per_day";`,
    );
  }
}
