import type { UnitSource } from '../../module';

/**
 * What takes units of an item out of the pool on a day: the rental module's own sources (its definition's
 * `availability`). Each is a SELECT of rows `(item_id, quantity, start_date, end_date)` (src/modules/module.ts,
 * UnitSource). The availability query (availability.query.ts) unions the sources of every module, which the
 * composition root hands to the rental services (`useUnitSources`), so another module's kind of commitment plugs
 * in through its own definition.
 */

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
 * cancelled orders release them. Units checked in early (rental_returns of kind 'return') leave the line:
 * the line holds what it kept, and each return holds its units from pickup through the day they came back.
 * :exclude names an order left out (editing a reserved order checks its new lines against the others).
 * The order's days and status are read from the line (its copy of them, kept by the database's triggers:
 * docs/analytics.md, "Order facts on the lines"), so no join with rental_orders.
 */
export const orderLines: UnitSource = {
  kind: 'booking',
  sql: `select l.item_id, l.quantity - l.quantity_returned as quantity, l.pickup_date as start_date, l.return_date as end_date
    from rental_order_lines l
    where l.organization_id = :org and l.item_id in (select id from items)
      and l.order_status in ('pending', 'completed') and l.order_id is distinct from cast(:exclude as uuid)
      and l.pickup_date <= cast(:to as date) and l.return_date >= cast(:from as date)`,
};

export const earlyReturns: UnitSource = {
  kind: 'booking',
  sql: `select l.item_id, r.quantity, l.pickup_date as start_date, greatest(l.pickup_date, r.returned_on) as end_date
    from rental_returns r
    join rental_order_lines l on l.id = r.line_id and l.organization_id = :org
    where r.organization_id = :org and r.kind = 'return' and l.item_id in (select id from items)
      and l.order_status in ('pending', 'completed') and l.order_id is distinct from cast(:exclude as uuid)
      and l.pickup_date <= cast(:to as date) and greatest(l.pickup_date, r.returned_on) >= cast(:from as date)`,
};

/**
 * Units awaiting inspection or in maintenance (set by check-in or by hand): out of the pool from that day on.
 * A unit with an open hold naming it (damage, service) is counted by that hold instead, never twice.
 */
export const unitsOutOfService: UnitSource = {
  kind: 'maintenance',
  sql: `select u.item_id, 1 as quantity, u.out_of_service_from as start_date, cast(null as date) as end_date
    from inventory_units u
    where u.organization_id = :org and u.item_id in (select id from items)
      and u.status in ('awaiting_inspection', 'in_maintenance') and u.out_of_service_from <= cast(:to as date)
      and not exists (select 1 from maintenance_holds h where h.unit_id = u.id and h.end_date is null)`,
};

export const UNIT_SOURCES: readonly UnitSource[] = [maintenanceHolds, orderLines, earlyReturns, unitsOutOfService];

let sources: readonly UnitSource[] = UNIT_SOURCES;

/**
 * The sources of every module, set once when the rental services are built (rental.services.ts, from
 * SharedDeps.availabilitySources). A process builds one service, so one list; the availability query and the
 * booking check (which run deep inside order changes) read it here rather than through every constructor.
 */
export function useUnitSources(all: readonly UnitSource[]): void {
  if (!UNIT_SOURCES.every((s) => all.includes(s))) throw new Error('useUnitSources: the rental sources are missing');
  sources = all;
}

export function unitSources(): readonly UnitSource[] {
  return sources;
}
