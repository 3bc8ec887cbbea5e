import type { EntityManager } from '@mikro-orm/postgresql';
import type { RentalOrder } from '../../../ai/insights/cross-sell';

/**
 * The rental history customer intelligence reads, in SQL (docs/ai.md, "Customer intelligence"). An order's
 * categories are its items' inventory categories (the item name when the item has none); cancelled
 * orders do not count. The organization's orders (co-rentals) are those of the last two years, at most
 * ORGANIZATION_ORDERS of the latest.
 */
const ORGANIZATION_ORDERS = 20_000;
const CUSTOMER_ORDERS = 2_000;

const ORDERS_SQL = (byCustomer: boolean) => `
select o.id, to_char(o.order_date, 'YYYY-MM-DD') as date,
       array_agg(distinct coalesce(nullif(trim(i.category), ''), l.item_name)) as categories
from rental_orders o
join rental_order_lines l on l.order_id = o.id
join inventory_items i on i.id = l.item_id
where o.organization_id = ? and o.status <> 'cancelled' and ${byCustomer ? 'o.customer_id = ?' : 'o.order_date >= ?'}
group by o.id, o.order_date
order by o.order_date desc, o.id
limit ?`;

type OrderRow = { id: string; date: string; categories: string[] };
const toOrder = (r: OrderRow): RentalOrder => ({ orderId: r.id, date: r.date, categories: r.categories });

export async function customerOrders(em: EntityManager, organizationId: string, customerId: string) {
  const rows = await em.execute<OrderRow[]>(ORDERS_SQL(true), [organizationId, customerId, CUSTOMER_ORDERS]);
  return rows.map(toOrder);
}

export async function organizationOrders(em: EntityManager, organizationId: string, since: string) {
  const rows = await em.execute<OrderRow[]>(ORDERS_SQL(false), [organizationId, since, ORGANIZATION_ORDERS]);
  return rows.map(toOrder);
}

/** Sent invoices of the customer with a balance, past their due date. */
export async function overdueInvoices(em: EntityManager, organizationId: string, customerId: string, asOf: string) {
  const rows = await em.execute<Array<{ amount: string; days_overdue: number }>>(
    `select (total - amount_paid) as amount, (?::date - due_date) as days_overdue
     from invoices
     where organization_id = ? and customer_id = ? and status = 'sent' and total > amount_paid and due_date < ?::date`,
    [asOf, organizationId, customerId, asOf],
  );
  return rows.map((r) => ({ amount: Number(r.amount), daysOverdue: Number(r.days_overdue) }));
}
