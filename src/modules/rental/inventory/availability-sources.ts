/**
 * What takes units of an item out of the pool on a day. Each source is a SELECT of rows
 * `(item_id, quantity, start_date, end_date)` — end_date null means open-ended — restricted to the
 * organization (:org), to the items being computed (the `items` CTE) and to rows that overlap the window
 * (:from .. :to, inclusive dates). The availability query (availability.query.ts) unions every source,
 * so a new kind of commitment plugs in by adding ONE row here.
 */
export interface UnitSource {
  /** 'booking' units count as booked, 'maintenance' units as in maintenance. */
  kind: 'booking' | 'maintenance';
  sql: string;
}

export const maintenanceHolds: UnitSource = {
  kind: 'maintenance',
  sql: `select h.item_id, h.quantity, h.start_date, h.end_date
    from maintenance_holds h
    where h.organization_id = :org and h.item_id in (select id from items)
      and h.start_date <= cast(:to as date) and (h.end_date is null or h.end_date >= cast(:from as date))`,
};

/**
 * Units on rental orders (the spec's transactions) over their pickup..return days. Pending and completed
 * orders hold their units (a completed rental's days stay booked as the record of what was out);
 * cancelled orders release them.
 */
export const orderLines: UnitSource = {
  kind: 'booking',
  sql: `select l.item_id, l.quantity, o.pickup_date as start_date, o.return_date as end_date
    from rental_order_lines l
    join rental_orders o on o.id = l.order_id
    where l.organization_id = :org and l.item_id in (select id from items)
      and o.status in ('pending', 'completed')
      and o.pickup_date <= cast(:to as date) and o.return_date >= cast(:from as date)`,
};

export const UNIT_SOURCES: readonly UnitSource[] = [maintenanceHolds, orderLines];
