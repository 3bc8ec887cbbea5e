import { Migration } from '@mikro-orm/migrations';

/**
 * Analytics (docs/analytics.md, "Indexes"): an index for the filter of every report, each leading with the
 * tenant. Declared on the entities by src/modules/analytics/analytics.indexes.ts, so entities and migrations agree.
 */
export class Migration20261123020000_analytics extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "rental_orders_organization_id_completed_at_index" on "rental_orders" ("organization_id", "completed_at");`,
    );
    this.addSql(
      `create index "rental_orders_organization_id_return_date_index" on "rental_orders" ("organization_id", "return_date");`,
    );
    this.addSql(
      `create index "rental_orders_organization_id_pickup_date_index" on "rental_orders" ("organization_id", "pickup_date");`,
    );
    this.addSql(
      `create index "rental_orders_organization_id_customer_id_order_date_index" on "rental_orders" ("organization_id", "customer_id", "order_date");`,
    );
    this.addSql(
      `create index "invoices_organization_id_due_date_index" on "invoices" ("organization_id", "due_date");`,
    );
    this.addSql(`create index "payments_organization_id_paid_on_index" on "payments" ("organization_id", "paid_on");`);
    this.addSql(`create index "tasks_organization_id_created_at_index" on "tasks" ("organization_id", "created_at");`);
    this.addSql(
      `create index "tasks_organization_id_completed_at_index" on "tasks" ("organization_id", "completed_at");`,
    );
    this.addSql(
      `create index "opportunities_organization_id_closed_at_index" on "opportunities" ("organization_id", "closed_at");`,
    );
    this.addSql(
      `create index "opportunity_stage_changes_organization_id_changed_at_index" on "opportunity_stage_changes" ("organization_id", "changed_at");`,
    );
    this.addSql(
      `create index "outbox_events_organization_id_event_created_at_index" on "outbox_events" ("organization_id", "event", "created_at");`,
    );
  }

  override async down(): Promise<void> {
    for (const name of [
      'rental_orders_organization_id_completed_at_index',
      'rental_orders_organization_id_return_date_index',
      'rental_orders_organization_id_pickup_date_index',
      'rental_orders_organization_id_customer_id_order_date_index',
      'invoices_organization_id_due_date_index',
      'payments_organization_id_paid_on_index',
      'tasks_organization_id_created_at_index',
      'tasks_organization_id_completed_at_index',
      'opportunities_organization_id_closed_at_index',
      'opportunity_stage_changes_organization_id_changed_at_index',
      'outbox_events_organization_id_event_created_at_index',
    ])
      this.addSql(`drop index if exists "${name}";`);
  }
}
