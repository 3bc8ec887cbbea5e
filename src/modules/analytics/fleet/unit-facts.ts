/**
 * What happened to each unit (docs/analytics.md, "Units: time out, downtime, revenue"), as CTEs over the rental
 * desk's records. Every fragment names `:org` on each table it reads and uses `:tz` and `:today` (bound by
 * windowBindings, or by the lifetime query).
 *
 * - `stints`: a unit's times out. The n-th check-out of a unit on a line pairs with the n-th time it came back
 *   on that line (a check-in or a swap). `out_day` is the local day of the check-out, `last_day` the day it came
 *   back (`returned_on`), or today while it is still out; both count (a unit out and back the same day is out 1 day).
 * - `down`: a unit's out-of-service spells: from each history event whose status is awaiting_inspection or
 *   in_maintenance to the day before the next event's day (today when none). A check-in's day is the day after it
 *   came back (`returned_on` + 1: the unit is on rent through its return day), any other event's the local day it
 *   was recorded.
 */
export const UNIT_FACTS = `
  unit_outs as (
    select c.unit_id, c.line_id, c.order_id, c.meter_out, (c.checked_out_at at time zone :tz)::date as out_day,
           row_number() over (partition by c.unit_id, c.line_id order by c.checked_out_at, c.id) as n
      from rental_checkouts c where c.organization_id = :org and c.unit_id is not null),
  unit_backs as (
    select r.unit_id, r.line_id, r.returned_on, r.meter_in,
           row_number() over (partition by r.unit_id, r.line_id order by r.checked_in_at, r.id) as n
      from rental_returns r where r.organization_id = :org and r.unit_id is not null),
  stints as (
    select o.unit_id, o.line_id, o.order_id, o.out_day, b.returned_on,
           coalesce(greatest(b.returned_on, o.out_day), greatest(:today::date, o.out_day)) as last_day,
           b.meter_in - o.meter_out as meter_run
      from unit_outs o left join unit_backs b on b.unit_id = o.unit_id and b.line_id = o.line_id and b.n = o.n),
  unit_days as (
    select e.unit_id, e.id, e.occurred_at, e.status,
           coalesce(case when e.kind in ('checked_in', 'swapped_out') then
             (select r.returned_on + 1 from rental_returns r
               where r.organization_id = :org and r.unit_id = e.unit_id and r.order_id = e.order_id and r.checked_in_at <= e.occurred_at
               order by r.checked_in_at desc limit 1) end,
             (e.occurred_at at time zone :tz)::date) as day
      from inventory_unit_events e where e.organization_id = :org),
  spells as (
    select d.unit_id, d.status, d.day as start_day, lag(d.status) over w as previous_status,
           coalesce(lead(d.day) over w - 1, :today::date) as end_day
      from unit_days d window w as (partition by d.unit_id order by d.occurred_at, d.id)),
  down as (
    select s.unit_id, s.start_day, s.end_day, s.previous_status
      from spells s where s.status in ('awaiting_inspection', 'in_maintenance'))`;

/** Days of [from, to] (parameter names) that a span [a, b] covers, times `qty`: 0 when they do not meet. */
export const overlap = (qty: string, a: string, b: string, from: string, to: string): string =>
  `${qty} * greatest(0, least(${b}, :${to}::date) - greatest(${a}, :${from}::date) + 1)`;

/** Days a span covers, never fewer than 0. */
export const spanDays = (a: string, b: string): string => `greatest(0, ${b} - ${a} + 1)`;
