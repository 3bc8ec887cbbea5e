import type { EntityManager } from '@mikro-orm/postgresql';
import { likePattern } from '../../../db/list-query';
import { InventoryStatus } from './inventory-item.entity';
import { unitSources } from './availability-sources';
import type { DayRange } from '../../../lib/calendar-days';

/** Which items to compute, and the window. Ids are trusted UUIDs (checked by the caller). */
export interface AvailabilityFilter extends DayRange {
  organizationId: string;
  itemIds?: string[];
  category?: string;
  search?: string;
  /** Only active items (the catalog view); an item's own view includes a retired item (all zeros). */
  activeOnly?: boolean;
  page?: { limit: number; offset: number };
  /** An order whose own lines are left out (re-checking a reserved order that is being edited). */
  excludeOrderId?: string;
}

export interface AvailabilityRow {
  item_id: string;
  item_number: string;
  name: string;
  category: string | null;
  status: InventoryStatus;
  quantity_owned: number;
  day: string;
  booked: number;
  in_maintenance: number;
  available: number;
}

type Bindings = Record<string, string | number | null>;

function itemWhere(f: AvailabilityFilter): { where: string; bindings: Bindings } {
  const bindings: Bindings = {
    org: f.organizationId,
    from: f.startDate,
    to: f.endDate,
    exclude: f.excludeOrderId ?? null,
  };
  const parts = ['i.organization_id = :org'];
  if (f.itemIds) {
    parts.push('i.id = any(cast(:itemIds as uuid[]))');
    bindings.itemIds = `{${f.itemIds.join(',')}}`;
  }
  if (f.activeOnly) parts.push(`i.status = '${InventoryStatus.active}'`);
  if (f.category !== undefined) {
    parts.push('i.category = :category');
    bindings.category = f.category;
  }
  const term = f.search?.trim();
  if (term) {
    parts.push('(i.name ilike :search or i.item_number ilike :search)');
    bindings.search = likePattern(term);
  }
  return { where: parts.join(' and '), bindings };
}

/**
 * The availability of items for each day of a window, in ONE statement: the days come from
 * generate_series, the units taken on each day from the union of every module's unit sources (bookings, maintenance) as a running
 * sum of their changes (each commitment +quantity from its first day, -quantity after its last),
 * and available = quantity owned - booked - in maintenance (0 for a retired item). Rows ordered by item
 * name, item id, day. Exposed as SQL text so the benchmark can print exactly what runs.
 */
export function availabilitySql(f: AvailabilityFilter): { sql: string; bindings: Bindings } {
  const { where, bindings } = itemWhere(f);
  if (f.page) Object.assign(bindings, { limit: f.page.limit, offset: f.page.offset });
  const sources = unitSources()
    .map((s) => `select item_id, quantity, start_date, end_date, '${s.kind}' as kind from (${s.sql}) s`)
    .join('\n    union all\n    ');
  const sql = `with items as (
  select i.id, i.item_number, i.name, i.category, i.status, i.quantity_owned
  from inventory_items i
  where ${where}
  order by i.name, i.id${f.page ? '\n  limit :limit offset :offset' : ''}
), days as (
  select cast(d as date) as day from generate_series(cast(:from as date), cast(:to as date), interval '1 day') d
), taken as (
    ${sources}
), changes as (
  -- each commitment as two changes of the day's count: +quantity on its first day in the window, -quantity the day
  -- after its last (open-ended: none); both clipped to the window's first day, so one that ended before it nets 0
  select t.item_id, greatest(t.start_date, cast(:from as date)) as day,
    case when t.kind = 'booking' then t.quantity else 0 end as booked,
    case when t.kind = 'maintenance' then t.quantity else 0 end as in_maintenance
  from taken t
  union all
  select t.item_id, greatest(cast(t.end_date as date) + 1, cast(:from as date)),
    case when t.kind = 'booking' then -t.quantity else 0 end,
    case when t.kind = 'maintenance' then -t.quantity else 0 end
  from taken t where t.end_date is not null
), usage as (
  select c.item_id, c.day, sum(c.booked) as booked, sum(c.in_maintenance) as in_maintenance
  from changes c where c.day <= cast(:to as date)
  group by c.item_id, c.day
), counted as (
  select i.id, i.item_number, i.name, i.category, i.status, i.quantity_owned, d.day,
    sum(coalesce(u.booked, 0)) over w as booked,
    sum(coalesce(u.in_maintenance, 0)) over w as in_maintenance
  from items i
  cross join days d
  left join usage u on u.item_id = i.id and u.day = d.day
  window w as (partition by i.name, i.id order by d.day) -- the output's order: one sort for both
)
select c.id as item_id, c.item_number, c.name, c.category, c.status, c.quantity_owned,
  to_char(c.day, 'YYYY-MM-DD') as day,
  cast(c.booked as int) as booked,
  cast(c.in_maintenance as int) as in_maintenance,
  cast(case when c.status = '${InventoryStatus.retired}' then 0 else c.quantity_owned - c.booked - c.in_maintenance end as int) as available
from counted c
order by c.name, c.id, c.day`;
  return { sql, bindings };
}

/** Runs in the caller's transaction when there is one (the booking check of rental orders relies on it). */
export async function availabilityRows(em: EntityManager, f: AvailabilityFilter): Promise<AvailabilityRow[]> {
  const { sql, bindings } = availabilitySql(f);
  return em.execute<AvailabilityRow[]>(em.getKnex().raw(sql, bindings), [], 'all');
}

export async function countItems(em: EntityManager, f: AvailabilityFilter): Promise<number> {
  const { where, bindings } = itemWhere(f);
  const rows = await em.execute<{ total: number }[]>(
    em.getKnex().raw(`select cast(count(*) as int) as total from inventory_items i where ${where}`, bindings),
    [],
    'all',
  );
  return rows[0].total;
}
