import { formatMoney } from '../../../lib/money';
import { numberTotal, periodSeries } from '../shared/period-series';
import { bucketOf, localDay, pct, ReportScope, run, runWindow, totalOf, windowOf, within } from '../shared/report-sql';
import { PeriodArgs, RangeArgs } from '../shared/report.types';
import type {
  ChurnArgs,
  ChurnRiskReport,
  ContactFunnel,
  FunnelRow,
  NewReturningReport,
  TopCustomers,
  TopCustomersArgs,
} from './customer.types';

/** Orders that count as a customer's business: every order that was not cancelled. */
const ORDERS = `o.organization_id = :org and o.status <> 'cancelled'`;
const CUSTOMER = `join customers c on c.id = o.customer_id and c.organization_id = :org join contacts ct on ct.id = c.contact_id and ct.organization_id = :org`;
/** Each customer's first order day (not cancelled), kept on the customer by the database. */
const FIRSTS = `firsts as (select c.id as customer_id, c.first_order_date as first_day from customers c where c.organization_id = :org and c.first_order_date is not null)`;

/** One fact per customer and bucket: new when the customer's first order ever is in that bucket (each bucket computed once per row). */
const NEW_RETURNING = `
  select x.customer_id, min(x.first_day) as first_day, min(x.order_date) as day,
         max((x.first_bucket = x.bucket)::int) as new_customers, min((x.first_bucket <> x.bucket)::int) as returning_customers
    from (select o.customer_id, o.order_date, ${bucketOf('o.order_date')} as bucket, f.first_day, ${bucketOf('f.first_day')} as first_bucket
            from rental_orders o join firsts f on f.customer_id = o.customer_id where ${ORDERS} and ${within('o.order_date', 'date')}) x
   group by x.customer_id, x.bucket`;
/** From those, one fact per customer and range: new when the first order ever is in that range (no second scan of the orders). */
const NEW_RETURNING_TOTALS = `
  select min(x.day) as day, max(case when x.first_day >= (case when x.day >= :start::date then :start::date else :pstart::date end) then 1 else 0 end) as new_customers,
         min(case when x.first_day >= (case when x.day >= :start::date then :start::date else :pstart::date end) then 0 else 1 end) as returning_customers
    from facts x group by x.customer_id, x.day >= :start::date`;

/** The first contact of each person: merged duplicates and the customer contacts that lead conversions created are left out. */
const FUNNEL_ROOTS = `
  select coalesce(nullif(trim(c.source), ''), '(none)') as source, ${localDay('c.created_at', 'timestamp')} as day,
         case when c.superseded_reason = 'converted' then 'customer' else c.status end as stage
    from contacts c
   where c.organization_id = :org and ${within('c.created_at', 'timestamp')} and c.superseded_reason is distinct from 'merged'
     and not exists (select 1 from contacts p where p.superseded_by_id = c.id and p.superseded_reason = 'converted' and p.organization_id = :org)`;
const CUR = `r.day >= :start::date`;

/** Customers (docs/analytics.md, part 3): lifetime value and top customers, new vs returning, churn risk, the contact funnel. */
export class CustomerReports {
  async top(scope: ReportScope, args: TopCustomersArgs): Promise<TopCustomers> {
    const w = windowOf(scope, args);
    const rows = await runWindow<Record<string, string | number>>(
      scope,
      w,
      `select c.id as "customerId", min(ct.name) as name,
              sum(o.subtotal) filter (where o.order_date between :start::date and :end::date)::text as revenue,
              coalesce(sum(o.subtotal) filter (where o.order_date between :pstart::date and :pend::date), 0)::text as "previousRevenue",
              (count(*) filter (where o.order_date between :start::date and :end::date))::int as "ordersInRange", count(*)::int as orders,
              min(c.lifetime_order_value)::text as "lifetimeValue", min(o.order_date)::text as "firstOrderDate", max(o.order_date)::text as "lastOrderDate",
              (count(*) over ())::int as customers_in_range,
              (select coalesce(round(avg(x.lifetime_order_value), 2), 0) from customers x where x.organization_id = :org and x.lifetime_order_value > 0)::text as average_ltv
         from rental_orders o ${CUSTOMER} where ${ORDERS}
        group by c.id having count(*) filter (where o.order_date between :start::date and :end::date) > 0
        order by sum(o.subtotal) filter (where o.order_date between :start::date and :end::date) desc, 2, 1 limit :limit`,
      { limit: args.limit },
    );
    const average =
      rows[0]?.average_ltv ??
      (
        await run<{ v: string }>(
          scope,
          `select coalesce(round(avg(lifetime_order_value), 2), 0)::text as v from customers where organization_id = :org and lifetime_order_value > 0`,
        )
      )[0].v;
    return {
      range: w,
      rows: rows.map(
        ({ customers_in_range: _c, average_ltv: _a, ...r }) =>
          ({
            ...r,
            revenue: formatMoney(r.revenue),
            previousRevenue: formatMoney(r.previousRevenue),
            lifetimeValue: formatMoney(r.lifetimeValue),
          }) as never,
      ),
      customersInRange: Number(rows[0]?.customers_in_range ?? 0),
      averageLifetimeValue: formatMoney(average),
    };
  }

  async newVsReturning(scope: ReportScope, args: PeriodArgs): Promise<NewReturningReport> {
    const w = windowOf(scope, args);
    const s = await periodSeries(scope, w, {
      with: FIRSTS,
      facts: NEW_RETURNING,
      totalsFacts: NEW_RETURNING_TOTALS,
      metrics: ['new_customers', 'returning_customers'],
    });
    const t = (m: string) => numberTotal(s, m);
    return {
      range: w,
      rows: s.rows.map((r) => ({
        period: r.period,
        label: r.label,
        newCustomers: Number(r.new_customers),
        returningCustomers: Number(r.returning_customers),
      })),
      totals: { newCustomers: t('new_customers'), returningCustomers: t('returning_customers') },
    };
  }

  /** Reads the customers' last rental day (kept from the orders by the database); orders are counted for the page's rows only. */
  async churnRisk(scope: ReportScope, args: ChurnArgs): Promise<ChurnRiskReport> {
    const rows = await run<Record<string, string | number>>(
      scope,
      `select c.id as "customerId", ct.name, c.last_rental_date::text as "lastRentalDate", (:today::date - c.last_rental_date)::int as "daysSinceLastRental",
              (select count(*) from rental_orders o where o.customer_id = c.id and ${ORDERS})::int as orders,
              c.lifetime_order_value::text as "lifetimeValue", c.at_risk, c.at_risk_value
         from (select c.*, (count(*) over ())::int as at_risk, (sum(c.lifetime_order_value) over ())::text as at_risk_value
                 from customers c where c.organization_id = :org and c.last_rental_date < :today::date - :inactive::int
                order by c.lifetime_order_value desc, c.last_rental_date, c.id limit :limit) c
         join contacts ct on ct.id = c.contact_id and ct.organization_id = :org
        order by c.lifetime_order_value desc, c.last_rental_date, c.id`,
      { today: scope.today, inactive: args.inactiveDays, limit: args.limit },
    );
    return {
      asOf: scope.today,
      inactiveDays: args.inactiveDays,
      rows: rows.map(
        ({ at_risk: _a, at_risk_value: _v, ...r }) => ({ ...r, lifetimeValue: formatMoney(r.lifetimeValue) }) as never,
      ),
      atRiskCustomers: Number(rows[0]?.at_risk ?? 0),
      atRiskLifetimeValue: formatMoney(rows[0]?.at_risk_value ?? 0),
    };
  }

  async funnel(scope: ReportScope, args: RangeArgs): Promise<ContactFunnel> {
    const w = windowOf(scope, args);
    const n = (cond: string) => `(count(*) filter (where ${CUR} and ${cond}))::int`;
    const rows = await runWindow<FunnelRow & { total: boolean }>(
      scope,
      w,
      `select coalesce(r.source, 'All sources') as source, grouping(r.source) = 1 as total,
              ${n('true')} as contacts, ${n(`r.stage = 'unknown'`)} as unknown, ${n(`r.stage <> 'unknown'`)} as leads, ${n(`r.stage = 'customer'`)} as customers,
              ${pct(n(`r.stage <> 'unknown'`), n('true'))} as "leadRate", ${pct(n(`r.stage = 'customer'`), n(`r.stage <> 'unknown'`))} as "customerRate",
              ${pct(n(`r.stage = 'customer'`), n('true'))} as "conversionRate",
              (count(*) filter (where not ${CUR}))::int as "previousContacts",
              ${pct(`count(*) filter (where not ${CUR} and r.stage = 'customer')`, `count(*) filter (where not ${CUR})`)} as "previousConversionRate"
         from (${FUNNEL_ROOTS}) r
        group by grouping sets ((r.source), ())
        order by grouping(r.source), ${n('true')} desc, 1`,
    );
    const strip = ({ total: _t, ...r }: FunnelRow & { total: boolean }): FunnelRow => r;
    return { range: w, rows: rows.filter((r) => !r.total).map(strip), totals: strip(totalOf(rows)) };
  }
}
