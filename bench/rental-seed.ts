/**
 * Seeds the rental desk for bench/rental.bench.ts with generate_series SQL: 100 items tracked by unit with 10 units
 * each (1,000 units, 40 of them awaiting inspection or in maintenance), 20 bulk items, and a year of history on
 * them (2026): 20,000 orders of 2 lines, a third completed with their units' check-outs and check-ins (some early),
 * a tenth cancelled. Item `U-001`..`U-010` units `U-001-1`.. and bulk items `B-01`.. are what the desk scans.
 */
import type { Run } from './analytics-seed';

export const UNIT_ITEMS = 100;
export const UNITS_PER_ITEM = 10;
export const BULK_ITEMS = 20;

export async function seedRentalDesk(run: Run, org: string, customerId: string): Promise<void> {
  const b = { org, customerId, unitItems: UNIT_ITEMS, perItem: UNITS_PER_ITEM, bulk: BULK_ITEMS, orders: 20_000 };
  const items = `insert into inventory_items (id, created_at, updated_at, organization_id, name, item_number, category, daily_rate, weekly_rate, quantity_owned, specifications, status, tracking)`;
  await run(
    `${items} select gen_random_uuid(), now(), now(), :org, 'Machine ' || lpad(g::text, 3, '0'), 'U-' || lpad(g::text, 3, '0'), 'Machines ' || (g % 5), 100 + g, 400 + g, :perItem, '{}', 'active', 'unit'
      from generate_series(1, :unitItems) g`,
    b,
  );
  await run(
    `${items} select gen_random_uuid(), now(), now(), :org, 'Bulk ' || lpad(g::text, 2, '0'), 'B-' || lpad(g::text, 2, '0'), 'Small tools', 10 + g, 40 + g, 1000, '{}', 'active', 'bulk'
      from generate_series(1, :bulk) g`,
    b,
  );
  await run(
    `insert into inventory_units (id, created_at, updated_at, organization_id, item_id, asset_tag, meter_kind, meter_reading, status, out_of_service_from)
    select gen_random_uuid(), now(), now(), :org, i.id, i.item_number || '-' || k, 'hours', 100 + k,
           case when i.rn > 50 and k = 10 then 'awaiting_inspection' when i.rn > 50 and k = 9 and i.rn % 5 = 0 then 'in_maintenance' else 'available' end,
           case when i.rn > 50 and (k = 10 or (k = 9 and i.rn % 5 = 0)) then date '2026-06-01' + (i.rn % 60)::int end
      from (select id, item_number, row_number() over (order by item_number) rn from inventory_items where organization_id = :org and tracking = 'unit') i
      cross join generate_series(1, :perItem) k`,
    b,
  );
  await run(
    `insert into rental_orders (id, created_at, updated_at, organization_id, customer_id, order_date, pickup_date, return_date, rental_days, status, fulfillment, subtotal, tax_rate, tax, total, currency)
    select gen_random_uuid(), now(), now(), :org, :customerId, s.d, s.d, s.d + (s.i % 7), s.i % 7 + 1,
           case when s.i % 10 = 0 then 'cancelled' when s.i % 3 = 0 then 'completed' else 'pending' end,
           case when s.i % 10 = 0 then 'cancelled' when s.i % 3 = 0 then 'returned' else 'reserved' end, 200, 0, 0, 200, 'USD'
      from (select i, date '2026-01-01' + (i % 365) as d from generate_series(1, :orders) i) s`,
    b,
  );
  await run(
    `insert into rental_order_lines (id, created_at, updated_at, organization_id, order_id, item_id, position, item_number, item_name, quantity, days, billed_days, breakdown, unit_price, amount, quantity_out, quantity_returned)
    select gen_random_uuid(), now(), now(), :org, o.id, it.id, k, it.item_number, it.name, 1, o.rental_days, o.rental_days, '[]', 100, 100,
           case when o.status = 'completed' then 1 else 0 end, case when o.status = 'completed' then 1 else 0 end
      from (select id, rental_days, status, row_number() over (order by id) as rn from rental_orders where organization_id = :org) o
      cross join generate_series(0, 1) k
      join (select id, item_number, name, row_number() over (order by item_number) as rn from inventory_items where organization_id = :org and tracking = 'unit') it
        on it.rn = ((o.rn * 7 + k * 31) % :unitItems) + 1`,
    b,
  );
  const unitOfLine = `(select u.id from inventory_units u where u.item_id = l.item_id order by u.asset_tag limit 1)`;
  await run(
    `insert into rental_checkouts (id, created_at, updated_at, organization_id, order_id, line_id, unit_id, asset_tag, quantity, meter_out, checklist_passed, released_to, checked_out_at)
    select gen_random_uuid(), now(), now(), :org, l.order_id, l.id, ${unitOfLine}, null, 1, 100, true, 'Bench', l.pickup_date::timestamptz + interval '8 hours'
      from rental_order_lines l where l.organization_id = :org and l.order_status = 'completed'`,
    b,
  );
  await run(
    `insert into rental_returns (id, created_at, updated_at, organization_id, order_id, line_id, unit_id, asset_tag, quantity, kind, returned_on, meter_in, condition, photo_urls, checklist_passed, checked_in_at)
    select gen_random_uuid(), now(), now(), :org, c.order_id, c.line_id, c.unit_id, null, 1, 'return', l.return_date - (l.days % 2), 110, 'good', '[]', true, l.return_date::timestamptz + interval '17 hours'
      from rental_checkouts c join rental_order_lines l on l.id = c.line_id where c.organization_id = :org`,
    b,
  );
}
