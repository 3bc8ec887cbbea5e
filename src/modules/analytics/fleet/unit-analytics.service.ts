import { findOr404 } from '../../../db/find-or-404';
import { formatMoney } from '../../../lib/money';
import { InventoryItem } from '../../rental/inventory/inventory-item.entity';
import { InventoryUnit } from '../../rental/inventory/inventory-unit.entity';
import { pct, ReportScope, run, runWindow, windowOf } from '../shared/report-sql';
import { compareNumber } from '../shared/report.types';
import { overlap, spanDays, UNIT_FACTS } from './unit-facts';
import type {
  InventoryUnitLifetime,
  UnitUtilisationArgs,
  UnitUtilisationReport,
  UnitUtilisationRow,
} from './unit-analytics.types';

/** Every unit's days out on each of its lines (the denominator of the revenue attribution). */
const LINE_DAYS = `line_days as (
    select s.line_id, sum(${spanDays('s.out_day', 's.last_day')}) as days from stints s group by s.line_id)`;

/** A stint's share of its line's amount, for `days` of it. */
const share = (days: string) => `l.amount * (${days}) / nullif(ld.days, 0)`;
const LINE_JOIN = `join line_days ld on ld.line_id = s.line_id join rental_order_lines l on l.id = s.line_id and l.organization_id = :org`;

/** Days of [from, to] a unit was owned and not retired (from its creation day). */
const owned = (from: string, to: string) =>
  `${overlap('1', '(u.created_at at time zone :tz)::date', ':today::date', from, to)} - coalesce((select sum(${overlap('1', 'r.start_day', 'r.end_day', from, to)}) from spells r where r.unit_id = u.id and r.status = 'retired'), 0)`;

const PER_UNIT = `${UNIT_FACTS}, ${LINE_DAYS},
  outs as (
    select s.unit_id, sum(${overlap('1', 's.out_day', 's.last_day', 'start', 'end')}) as cur,
           sum(${overlap('1', 's.out_day', 's.last_day', 'pstart', 'pend')}) as prev,
           round(sum(${share(overlap('1', 's.out_day', 's.last_day', 'start', 'end'))}), 2) as revenue,
           count(distinct s.order_id) filter (where s.out_day <= :end::date and s.last_day >= :start::date) as rentals,
           sum(s.meter_run) filter (where s.returned_on between :start::date and :end::date) as meter_run
      from stints s ${LINE_JOIN}
     where s.out_day <= :end::date and s.last_day >= :pstart::date
     group by s.unit_id),
  downs as (
    select d.unit_id, sum(${overlap('1', 'd.start_day', 'd.end_day', 'start', 'end')}) as cur,
           sum(${overlap('1', 'd.start_day', 'd.end_day', 'pstart', 'pend')}) as prev
      from down d where d.end_day >= :pstart::date and d.start_day <= :end::date group by d.unit_id),
  per_unit as (
    select u.id, u.asset_tag, u.status, i.id as item_id, i.item_number, i.name as item_name,
           greatest(0, ${owned('start', 'end')}) as owned, greatest(0, ${owned('pstart', 'pend')}) as prev_owned,
           coalesce(dn.cur, 0) as down, coalesce(dn.prev, 0) as prev_down,
           coalesce(o.cur, 0) as out, coalesce(o.prev, 0) as prev_out,
           coalesce(o.revenue, 0) as revenue, coalesce(o.rentals, 0) as rentals, o.meter_run
      from inventory_units u join inventory_items i on i.id = u.item_id and i.organization_id = :org
           left join outs o on o.unit_id = u.id left join downs dn on dn.unit_id = u.id
     where u.organization_id = :org and (:item::uuid is null or u.item_id = :item::uuid))`;

interface UnitSql {
  unit_id: string;
  asset_tag: string;
  item_id: string;
  item_number: string;
  item_name: string;
  status: UnitUtilisationRow['status'];
  owned: number;
  down: number;
  available: number;
  out: number;
  utilisation: number | null;
  previous_utilisation: number | null;
  rentals: number;
  revenue: string;
  meter_run: string | null;
  t_units: number;
  t_owned: number;
  t_down: number;
  t_available: number;
  t_out: number;
  t_utilisation: number | null;
  t_previous: number | null;
  t_revenue: string;
}

const available = (owned: string, down: string) => `greatest(0, ${owned} - ${down})`;

/** Units (docs/analytics.md, "Units: time out, downtime, revenue"): per-unit utilisation over a range, and a unit's lifetime. */
export class UnitReports {
  async units(scope: ReportScope, args: UnitUtilisationArgs): Promise<UnitUtilisationReport> {
    const w = windowOf(scope, args);
    const item = args.itemId ? (await findOr404(scope.em, InventoryItem, args.itemId, 'Inventory item')).id : null;
    const cur = available('p.owned', 'p.down');
    const prev = available('p.prev_owned', 'p.prev_down');
    const rows = await runWindow<UnitSql>(
      scope,
      w,
      `with ${PER_UNIT}
       select p.id as unit_id, p.asset_tag, p.item_id, p.item_number, p.item_name, p.status,
              p.owned::int as owned, p.down::int as down, ${cur}::int as available, p.out::int as out,
              ${pct('p.out', cur)} as utilisation, ${pct('p.prev_out', prev)} as previous_utilisation,
              p.rentals::int as rentals, p.revenue::text as revenue, p.meter_run::text as meter_run,
              (count(*) over ())::int as t_units, (sum(p.owned) over ())::int as t_owned, (sum(p.down) over ())::int as t_down,
              (sum(${cur}) over ())::int as t_available, (sum(p.out) over ())::int as t_out,
              ${pct('sum(p.out) over ()', `sum(${cur}) over ()`)} as t_utilisation,
              ${pct('sum(p.prev_out) over ()', `sum(${prev}) over ()`)} as t_previous,
              (sum(p.revenue) over ())::text as t_revenue
         from per_unit p
        order by ${pct('p.out', cur)} desc nulls last, p.asset_tag, p.id limit :limit`,
      { limit: args.limit, item },
    );
    const t = rows[0];
    return {
      range: w,
      rows: rows.map(toRow),
      totals: {
        utilisation: compareNumber(t?.t_utilisation ?? null, t?.t_previous ?? null),
        units: t?.t_units ?? 0,
        ownedDays: t?.t_owned ?? 0,
        downtimeDays: t?.t_down ?? 0,
        availableDays: t?.t_available ?? 0,
        daysOut: t?.t_out ?? 0,
        revenue: formatMoney(t?.t_revenue ?? 0),
      },
    };
  }

  async lifetime(scope: ReportScope, id: string): Promise<InventoryUnitLifetime> {
    const unit = await findOr404(scope.em, InventoryUnit, id, 'Inventory unit');
    const [row] = await run<
      Omit<InventoryUnitLifetime, 'unitId' | 'assetTag' | 'itemId' | 'meterKind' | 'meterReading'>
    >(
      scope,
      `with ${UNIT_FACTS}, ${LINE_DAYS}
       select (select coalesce(sum(s.meter_run), 0)::text from stints s where s.unit_id = :unit) as "meterRun",
              (select count(distinct s.order_id)::int from stints s where s.unit_id = :unit) as rentals,
              (select coalesce(sum(${spanDays('s.out_day', 's.last_day')}), 0)::int from stints s where s.unit_id = :unit) as "daysOnRent",
              (select count(*) filter (where d.previous_status is null or d.previous_status not in ('awaiting_inspection', 'in_maintenance'))::int
                 from down d where d.unit_id = :unit) as "maintenanceCount",
              (select coalesce(sum(${spanDays('d.start_day', 'd.end_day')}), 0)::int from down d where d.unit_id = :unit) as "maintenanceDays",
              (select coalesce(round(sum(${share(spanDays('s.out_day', 's.last_day'))}), 2), 0)::text from stints s ${LINE_JOIN} where s.unit_id = :unit) as revenue,
              (select min(s.out_day)::text from stints s where s.unit_id = :unit) as "firstCheckedOut",
              (select max(s.returned_on)::text from stints s where s.unit_id = :unit) as "lastReturned"`,
      { unit: unit.id, tz: scope.timezone, today: scope.today },
    );
    return {
      unitId: unit.id,
      assetTag: unit.assetTag,
      itemId: unit.itemId,
      meterKind: unit.meterKind,
      meterReading: unit.meterReading,
      ...row,
      meterRun: Number(row.meterRun).toFixed(1),
      revenue: formatMoney(row.revenue),
    };
  }
}

function toRow(r: UnitSql): UnitUtilisationRow {
  return {
    unitId: r.unit_id,
    assetTag: r.asset_tag,
    itemId: r.item_id,
    itemNumber: r.item_number,
    itemName: r.item_name,
    status: r.status,
    ownedDays: r.owned,
    downtimeDays: r.down,
    availableDays: r.available,
    daysOut: r.out,
    utilisation: r.utilisation,
    previousUtilisation: r.previous_utilisation,
    rentals: r.rentals,
    revenue: formatMoney(r.revenue),
    meterRun: r.meter_run === null ? null : Number(r.meter_run).toFixed(1),
  };
}
