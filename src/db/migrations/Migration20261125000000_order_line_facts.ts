import { Migration } from '@mikro-orm/migrations';

/**
 * Each order line carries a copy of its order's dates, status and completion instant (docs/analytics.md,
 * "Order facts on the lines"), so the fleet and revenue reports read the lines alone instead of joining
 * every line of two years to its order. The database keeps the copy: a line takes its order's values when it
 * is inserted (or moved to another order), and a change of those columns on an order is written through to
 * its lines, whatever the path (service, seed, SQL); `test/order-facts.spec.ts` checks it.
 */
export class Migration20261125000000_order_line_facts extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "rental_order_lines" add column "order_date" date null, add column "pickup_date" date null,
         add column "return_date" date null, add column "order_status" text null, add column "order_completed_at" timestamptz null;`,
    );
    this.addSql(
      `update "rental_order_lines" l set "order_date" = o."order_date", "pickup_date" = o."pickup_date", "return_date" = o."return_date",
              "order_status" = o."status", "order_completed_at" = o."completed_at"
         from "rental_orders" o where o."id" = l."order_id";`,
    );
    this.addSql(
      `alter table "rental_order_lines" alter column "order_date" set not null, alter column "pickup_date" set not null,
         alter column "return_date" set not null, alter column "order_status" set not null;`,
    );
    this.addSql(
      `alter table "rental_order_lines" add constraint "rental_order_lines_order_status_check" check ("order_status" in ('pending', 'completed', 'cancelled'));`,
    );
    // A line takes the facts of its order in its own organization; a line pointing elsewhere keeps what it has
    // (no such line can be written through the service: the order is looked up in the caller's organization).
    this.addSql(`create function crm_order_line_facts() returns trigger language plpgsql as $$
      declare o rental_orders%rowtype;
      begin
        select * into o from rental_orders where id = new.order_id and organization_id = new.organization_id;
        if found then
          new.order_date := o.order_date; new.pickup_date := o.pickup_date; new.return_date := o.return_date;
          new.order_status := o.status; new.order_completed_at := o.completed_at;
        end if;
        return new;
      end $$;`);
    this.addSql(
      `create trigger rental_order_lines_facts before insert or update of order_id on rental_order_lines
         for each row execute function crm_order_line_facts();`,
    );
    this.addSql(`create function crm_order_facts_to_lines() returns trigger language plpgsql as $$
      begin
        update rental_order_lines set order_date = new.order_date, pickup_date = new.pickup_date, return_date = new.return_date,
               order_status = new.status, order_completed_at = new.completed_at
         where order_id = new.id and organization_id = new.organization_id;
        return null;
      end $$;`);
    this.addSql(
      `create trigger rental_orders_facts_to_lines after update of order_date, pickup_date, return_date, status, completed_at on rental_orders
         for each row when ((old.order_date, old.pickup_date, old.return_date, old.status, old.completed_at)
                   is distinct from (new.order_date, new.pickup_date, new.return_date, new.status, new.completed_at))
         execute function crm_order_facts_to_lines();`,
    );
    for (const column of ['return_date', 'order_date', 'order_completed_at'])
      this.addSql(
        `create index "rental_order_lines_organization_id_${column}_index" on "rental_order_lines" ("organization_id", "${column}");`,
      );
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger rental_orders_facts_to_lines on rental_orders;`);
    this.addSql(`drop trigger rental_order_lines_facts on rental_order_lines;`);
    this.addSql(`drop function crm_order_facts_to_lines();`);
    this.addSql(`drop function crm_order_line_facts();`);
    this.addSql(
      `alter table "rental_order_lines" drop column "order_date", drop column "pickup_date", drop column "return_date",
         drop column "order_status", drop column "order_completed_at";`,
    );
  }
}
