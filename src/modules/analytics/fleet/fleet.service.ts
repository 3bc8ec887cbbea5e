import { addDays } from '../../../lib/calendar-days';
import { formatMoney } from '../../../lib/money';
import { pct, ReportScope, run, runWindow, windowOf } from '../shared/report-sql';
import { compareNumber } from '../shared/report.types';
import { overlap, UNIT_FACTS } from './unit-facts';
import {
  FleetGroupBy,
  IdleArgs,
  IdleItemRow,
  UpcomingDay,
  UpcomingRental,
  IdleItemsReport,
  UpcomingArgs,
  UpcomingRentals,
  UtilisationArgs,
  UtilisationReport,
  UtilisationRow,
  UtilisationBasis,
} from './fleet.types';

/** A line of an item tracked by unit that was completed without any check-out: its booked days are its only record. */
const UNRECORDED = `l.order_status = 'completed' and l.quantity_out = 0`;

/**
 * Per active item: units, unit-days available (less holds and units out of service) and rented, in both ranges,
 * and booked revenue (lines carry their order's dates and status). The basis of "rented" (docs/analytics.md,
 * "Booked or actual"): an item tracked in bulk counts its booked days (pickup..return of lines not cancelled); an
 * item tracked by unit counts its units' actual time out (check-out day..day back, or today while out), plus the
 * booked days of lines completed without any check-out (orders older than the rental desk, the legacy complete).
 */
const PER_ITEM = `${UNIT_FACTS},
  rented as (
    select l.item_id, sum(${overlap('l.quantity', 'l.pickup_date', 'l.return_date', 'start', 'end')}) as cur,
           sum(${overlap('l.quantity', 'l.pickup_date', 'l.return_date', 'pstart', 'pend')}) as prev,
           coalesce(sum(${overlap('l.quantity', 'l.pickup_date', 'l.return_date', 'start', 'end')}) filter (where ${UNRECORDED}), 0) as unrecorded_cur,
           coalesce(sum(${overlap('l.quantity', 'l.pickup_date', 'l.return_date', 'pstart', 'pend')}) filter (where ${UNRECORDED}), 0) as unrecorded_prev,
           coalesce(sum(l.amount) filter (where l.order_date between :start::date and :end::date), 0) as revenue
      from rental_order_lines l
     where l.organization_id = :org and l.order_status <> 'cancelled'
       and ((l.return_date >= :pstart::date and l.pickup_date <= :end::date) or l.order_date between :start::date and :end::date)
     group by l.item_id),
  out_days as (
    select u.item_id, sum(${overlap('1', 's.out_day', 's.last_day', 'start', 'end')}) as cur,
           sum(${overlap('1', 's.out_day', 's.last_day', 'pstart', 'pend')}) as prev
      from stints s join inventory_units u on u.id = s.unit_id and u.organization_id = :org
     where s.out_day <= :end::date and s.last_day >= :pstart::date
     group by u.item_id),
  held as (
    select x.item_id, sum(x.cur) as cur, sum(x.prev) as prev from (
      select h.item_id, ${overlap('h.quantity', 'h.start_date', 'coalesce(h.end_date, :end::date)', 'start', 'end')} as cur,
             ${overlap('h.quantity', 'h.start_date', 'coalesce(h.end_date, :end::date)', 'pstart', 'pend')} as prev
        from maintenance_holds h
       where h.organization_id = :org and h.unit_id is null -- a hold naming a unit is its in_maintenance spell in down
         and coalesce(h.end_date, :end::date) >= :pstart::date and h.start_date <= :end::date
      union all
      select u.item_id, ${overlap('1', 'd.start_day', 'd.end_day', 'start', 'end')}, ${overlap('1', 'd.start_day', 'd.end_day', 'pstart', 'pend')}
        from down d join inventory_units u on u.id = d.unit_id and u.organization_id = :org
       where d.end_day >= :pstart::date and d.start_day <= :end::date) x
     group by x.item_id),
  per_item as (
    select i.id, i.name, i.item_number, coalesce(i.category, 'Uncategorised') as category, i.quantity_owned as units,
           case i.tracking when 'unit' then 'actual' else 'booked' end as basis,
           greatest(0, i.quantity_owned * :days - coalesce(h.cur, 0)) as available,
           greatest(0, i.quantity_owned * :days - coalesce(h.prev, 0)) as prev_available,
           case i.tracking when 'unit' then coalesce(r.unrecorded_cur, 0) + coalesce(o.cur, 0) else coalesce(r.cur, 0) end as rented,
           case i.tracking when 'unit' then coalesce(r.unrecorded_prev, 0) + coalesce(o.prev, 0) else coalesce(r.prev, 0) end as prev_rented,
           coalesce(r.revenue, 0) as revenue
      from inventory_items i left join rented r on r.item_id = i.id left join held h on h.item_id = i.id
           left join out_days o on o.item_id = i.id
     where i.organization_id = :org and i.status = 'active')`;

const GROUPS: Record<FleetGroupBy, { key: string; label: string; item: string; number: string; group: string }> = {
  item: { key: 'p.id::text', label: 'min(p.name)', item: 'p.id', number: 'min(p.item_number)', group: 'p.id' },
  category: { key: 'p.category', label: 'p.category', item: 'null::uuid', number: 'null::text', group: 'p.category' },
};

interface UtilisationSql {
  key: string;
  label: string;
  item_id: string | null;
  item_number: string | null;
  category: string;
  basis: UtilisationBasis;
  units: number;
  available: number;
  rented: number;
  utilisation: number | null;
  previous_utilisation: number | null;
  revenue: string;
  revenue_per_unit: string;
  t_units: number;
  t_available: number;
  t_rented: number;
  t_utilisation: number | null;
  t_previous: number | null;
  t_revenue: string;
  t_per_unit: string;
}

/** Fleet (docs/analytics.md, part 2): utilisation per item and category, idle items, revenue per unit, upcoming pickups and returns. */
export class FleetReports {
  async utilisation(scope: ReportScope, args: UtilisationArgs): Promise<UtilisationReport> {
    const w = windowOf(scope, args);
    const g = GROUPS[args.groupBy];
    const rows = await runWindow<UtilisationSql>(
      scope,
      w,
      `with ${PER_ITEM}
       select ${g.key} as key, ${g.label} as label, ${g.item} as item_id, ${g.number} as item_number, min(p.category) as category,
              case when bool_and(p.basis = 'actual') then 'actual' when bool_and(p.basis = 'booked') then 'booked' else 'mixed' end as basis,
              sum(p.units)::int as units, sum(p.available)::int as available, sum(p.rented)::int as rented,
              ${pct('sum(p.rented)', 'sum(p.available)')} as utilisation, ${pct('sum(p.prev_rented)', 'sum(p.prev_available)')} as previous_utilisation,
              sum(p.revenue)::text as revenue, round(sum(p.revenue) / nullif(sum(p.units), 0), 2)::text as revenue_per_unit,
              (sum(sum(p.units)) over ())::int as t_units, (sum(sum(p.available)) over ())::int as t_available, (sum(sum(p.rented)) over ())::int as t_rented,
              ${pct('sum(sum(p.rented)) over ()', 'sum(sum(p.available)) over ()')} as t_utilisation,
              ${pct('sum(sum(p.prev_rented)) over ()', 'sum(sum(p.prev_available)) over ()')} as t_previous,
              (sum(sum(p.revenue)) over ())::text as t_revenue, round(sum(sum(p.revenue)) over () / nullif(sum(sum(p.units)) over (), 0), 2)::text as t_per_unit
         from per_item p group by ${g.group}
        order by ${pct('sum(p.rented)', 'sum(p.available)')} desc nulls last, 2, 1 limit :limit`,
      { days: w.days, limit: args.limit },
    );
    const t = rows[0];
    return {
      range: w,
      groupBy: args.groupBy,
      rows: rows.map(toRow),
      totals: {
        utilisation: compareNumber(t?.t_utilisation ?? null, t?.t_previous ?? null),
        units: t?.t_units ?? 0,
        availableUnitDays: t?.t_available ?? 0,
        rentedUnitDays: t?.t_rented ?? 0,
        revenue: formatMoney(t?.t_revenue ?? 0),
        revenuePerUnit: formatMoney(t?.t_per_unit ?? 0),
      },
    };
  }

  async idle(scope: ReportScope, args: IdleArgs): Promise<IdleItemsReport> {
    const w = windowOf(scope, args);
    const rows = await runWindow<IdleItemRow>(
      scope,
      w,
      `with used as (
         select l.item_id, max(l.return_date) as last_day, bool_or(l.return_date >= :start::date) as rented_in_range
           from rental_order_lines l
          where l.organization_id = :org and l.order_status <> 'cancelled' and l.pickup_date <= :end::date
          group by l.item_id)
       select i.id as "itemId", i.item_number as "itemNumber", i.name, coalesce(i.category, 'Uncategorised') as category, i.quantity_owned as units,
              u.last_day::text as "lastReturnDate", (:end::date - u.last_day) as "daysIdle"
         from inventory_items i left join used u on u.item_id = i.id
        where i.organization_id = :org and i.status = 'active' and u.rented_in_range is not true
        order by u.last_day asc nulls first, i.name, i.id limit :limit`,
      { limit: args.limit },
    );
    return { range: w, rows };
  }

  async upcoming(scope: ReportScope, args: UpcomingArgs): Promise<UpcomingRentals> {
    const params = { from: scope.today, to: addDays(scope.today, args.days - 1) };
    const events = `
      select o.pickup_date as date, 'pickup' as kind, o.id, o.customer_id, o.total from rental_orders o
       where o.organization_id = :org and o.status = 'pending' and o.pickup_date between :from::date and :to::date
      union all
      select o.return_date, 'return', o.id, o.customer_id, o.total from rental_orders o
       where o.organization_id = :org and o.status = 'pending' and o.return_date between :from::date and :to::date`;
    const units = `(select coalesce(sum(l.quantity), 0)::int from rental_order_lines l where l.order_id = e.id and l.organization_id = :org)`;
    const [rows, rentals] = await Promise.all([
      run<UpcomingDay>(
        scope,
        `with e as (${events}), u as (select e.date, e.kind, ${units} as units from e)
         select d::date::text as date, (count(u.kind) filter (where u.kind = 'pickup'))::int as pickups, (count(u.kind) filter (where u.kind = 'return'))::int as returns,
                coalesce(sum(u.units) filter (where u.kind = 'pickup'), 0)::int as "pickupUnits", coalesce(sum(u.units) filter (where u.kind = 'return'), 0)::int as "returnUnits"
           from generate_series((:from::date)::timestamp, (:to::date)::timestamp, interval '1 day') d left join u on u.date = d::date
          group by d order by d`,
        params,
      ),
      run<UpcomingRental>(
        scope,
        `select e.date::text as date, e.kind, e.id as "transactionId", e.customer_id as "customerId", ct.name as "customerName", ${units} as units, e.total::text as total
           from (${events}) e join customers c on c.id = e.customer_id and c.organization_id = :org join contacts ct on ct.id = c.contact_id and ct.organization_id = :org
          order by e.date, e.kind, ct.name, e.id`,
        params,
      ),
    ]);
    return { ...params, rows, rentals };
  }
}

function toRow(r: UtilisationSql): UtilisationRow {
  return {
    key: r.key,
    label: r.label,
    itemId: r.item_id,
    itemNumber: r.item_number,
    category: r.category,
    basis: r.basis,
    units: r.units,
    availableUnitDays: r.available,
    rentedUnitDays: r.rented,
    utilisation: r.utilisation,
    previousUtilisation: r.previous_utilisation,
    utilisationChange: compareNumber(r.utilisation, r.previous_utilisation).change,
    revenue: formatMoney(r.revenue),
    revenuePerUnit: formatMoney(r.revenue_per_unit ?? 0),
  };
}
