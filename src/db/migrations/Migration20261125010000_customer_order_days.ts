import { Migration } from '@mikro-orm/migrations';

/** The customer's order days, from its orders that are not cancelled (null before the first). */
const DAYS = `min(order_date) as first_day, max(return_date) as last_day`;

/**
 * customers.first_order_date and customers.last_rental_date: the first order day and the last rental day
 * (return date) of the customer's orders that are not cancelled, kept by the database from rental_orders
 * (docs/analytics.md, "Order facts on the lines and the customers"): new-vs-returning and churn risk read them
 * instead of grouping every order of the organization by customer. Statement triggers with transition tables,
 * so a bulk write (a seed) costs one UPDATE, not one per order.
 */
export class Migration20261125010000_customer_order_days extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "customers" add column "first_order_date" date null, add column "last_rental_date" date null;`,
    );
    this.addSql(
      `update "customers" c set "first_order_date" = m.first_day, "last_rental_date" = m.last_day
         from (select customer_id, organization_id, ${DAYS} from rental_orders where status <> 'cancelled' group by 1, 2) m
        where c.id = m.customer_id and c.organization_id = m.organization_id;`,
    );
    this.addSql(
      `create index "customers_organization_id_last_rental_date_index" on "customers" ("organization_id", "last_rental_date");`,
    );
    // Recomputes both days for the given customers (those of the old or new rows of a statement) from their
    // organization's orders only, and writes only a change: an order row pointing at another organization's
    // customer (impossible through the service) neither counts for it nor touches it.
    this.addSql(`create function crm_customer_order_days_recompute(customer_ids uuid[]) returns void language sql as $$
      update customers c set first_order_date = m.first_day, last_rental_date = m.last_day
        from (select k.id, ${DAYS} from unnest(customer_ids) k(id) join customers x on x.id = k.id
                left join rental_orders o on o.customer_id = k.id and o.organization_id = x.organization_id and o.status <> 'cancelled'
               group by k.id) m
       where c.id = m.id and (c.first_order_date, c.last_rental_date) is distinct from (m.first_day, m.last_day);
    $$;`);
    this.addSql(`create function crm_customer_order_days_insert() returns trigger language plpgsql as $$
      begin
        update customers c set first_order_date = least(c.first_order_date, m.first_day), last_rental_date = greatest(c.last_rental_date, m.last_day)
          from (select customer_id, organization_id, ${DAYS} from new_orders where status <> 'cancelled' group by 1, 2) m
         where c.id = m.customer_id and c.organization_id = m.organization_id
           and (c.first_order_date, c.last_rental_date) is distinct from
               (least(c.first_order_date, m.first_day), greatest(c.last_rental_date, m.last_day));
        return null;
      end $$;`);
    this.addSql(`create function crm_customer_order_days_update() returns trigger language plpgsql as $$
      begin
        perform crm_customer_order_days_recompute(array(
          select distinct unnest(array[o.customer_id, n.customer_id]) from old_orders o join new_orders n on n.id = o.id
           where (o.customer_id, o.organization_id, o.order_date, o.return_date, o.status)
                 is distinct from (n.customer_id, n.organization_id, n.order_date, n.return_date, n.status)));
        return null;
      end $$;`);
    this.addSql(`create function crm_customer_order_days_delete() returns trigger language plpgsql as $$
      begin
        perform crm_customer_order_days_recompute(array(select distinct customer_id from old_orders));
        return null;
      end $$;`);
    this.addSql(
      `create trigger rental_orders_customer_days_insert after insert on rental_orders referencing new table as new_orders
         for each statement execute function crm_customer_order_days_insert();`,
    );
    this.addSql(
      `create trigger rental_orders_customer_days_update after update on rental_orders referencing old table as old_orders new table as new_orders
         for each statement execute function crm_customer_order_days_update();`,
    );
    this.addSql(
      `create trigger rental_orders_customer_days_delete after delete on rental_orders referencing old table as old_orders
         for each statement execute function crm_customer_order_days_delete();`,
    );
  }

  override async down(): Promise<void> {
    for (const op of ['insert', 'update', 'delete']) {
      this.addSql(`drop trigger rental_orders_customer_days_${op} on rental_orders;`);
      this.addSql(`drop function crm_customer_order_days_${op}();`);
    }
    this.addSql(`drop function crm_customer_order_days_recompute(uuid[]);`);
    this.addSql(`alter table "customers" drop column "first_order_date", drop column "last_rental_date";`);
  }
}
