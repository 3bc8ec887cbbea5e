import { formatMoney } from '../../../lib/money';
import { moneyTotal, periodSeries } from '../shared/period-series';
import { localDay, ReportScope, run, runWindow, windowOf, within } from '../shared/report-sql';
import { compareMoney, MoneyComparison, PeriodArgs } from '../shared/report.types';
import type { ReportWindow } from '../shared/report-window';
import type {
  AgeingArgs,
  BreakdownArgs,
  ReceivablesAgeing,
  RevenueBreakdown,
  RevenueBreakdownRow,
  RevenueReport,
} from './revenue.types';

const METRICS = ['booked', 'earned', 'invoiced', 'collected'] as const;
export type RevenueMetric = (typeof METRICS)[number];

/** Where each money event comes from: its local day, its amount, and the rows of the two ranges. */
const SOURCES: Record<RevenueMetric, { day: string; amount: string; from: string }> = {
  booked: {
    day: 'o.order_date',
    amount: 'o.subtotal',
    from: `rental_orders o where o.organization_id = :org and o.status <> 'cancelled' and ${within('o.order_date', 'date')}`,
  },
  earned: {
    day: localDay('o.completed_at', 'timestamp'),
    amount: 'o.subtotal',
    from: `rental_orders o where o.organization_id = :org and o.status = 'completed' and ${within('o.completed_at', 'timestamp')}`,
  },
  invoiced: {
    day: 'i.issue_date',
    amount: 'i.total',
    from: `invoices i where i.organization_id = :org and i.status <> 'void' and ${within('i.issue_date', 'date')}`,
  },
  collected: {
    day: 'p.paid_on',
    amount: 'p.amount',
    // invoice payments only (a deposit retained pays an invoice; a deposit collected or refunded is not revenue)
    from: `payments p where p.organization_id = :org and p.invoice_id is not null and ${within('p.paid_on', 'date')}`,
  },
};

/**
 * The money events of the two ranges for the given metrics, summed per local day in each source first (a few
 * thousand rows, not one per event); a metric not asked for is not read at all.
 */
const revenueFacts = (metrics: readonly RevenueMetric[]) =>
  metrics
    .map((m) => {
      const columns = metrics.map((x) => `${x === m ? `sum(${SOURCES[m].amount})` : '0::numeric'} as ${x}`);
      return `select ${SOURCES[m].day} as day, ${columns.join(', ')} from ${SOURCES[m].from} group by 1`;
    })
    .join('\n  union all\n  ');

/** A sent invoice still open (issued, sent, not voided) at the end of local day `:day`. */
const openAt = (day: string) =>
  `i.issue_date <= :${day}::date and i.sent_at < (:${day}::date + 1)::timestamp at time zone :tz
   and (i.voided_at is null or i.voided_at >= (:${day}::date + 1)::timestamp at time zone :tz)`;

/** Order-line amounts per item of the two ranges, in one pass over the lines (which carry their order's dates, status and completion): booked by order date, earned by the local day of completion (compared with local midnights, no per-row conversion). */
const LINE_FACTS = `
  select l.item_id,
         sum(l.amount) filter (where ${within('l.order_date', 'date', 'start', 'end')}) as booked,
         sum(l.amount) filter (where ${within('l.order_date', 'date', 'pstart', 'pend')}) as previous_booked,
         sum(l.amount) filter (where l.order_status = 'completed' and ${within('l.order_completed_at', 'timestamp', 'start', 'end')}) as earned,
         sum(l.amount) filter (where l.order_status = 'completed' and ${within('l.order_completed_at', 'timestamp', 'pstart', 'pend')}) as previous_earned
    from rental_order_lines l
   where l.organization_id = :org and l.order_status <> 'cancelled'
     and (${within('l.order_date', 'date')} or (l.order_status = 'completed' and ${within('l.order_completed_at', 'timestamp')}))
   group by 1`;

const GROUPS = {
  category: {
    key: `coalesce(i.category, 'Uncategorised')`,
    label: `coalesce(i.category, 'Uncategorised')`,
    item: 'null::uuid',
    number: 'null::text',
    category: `min(i.category)`,
    group: '1',
  },
  item: {
    key: 'i.id::text',
    label: 'min(i.name)',
    item: 'i.id',
    number: 'min(i.item_number)',
    category: 'min(i.category)',
    group: 'i.id',
  },
};

const SUM = (c: string) => `coalesce(sum(f.${c}), 0)::text`;
const BUCKETS = `(values ('current', 'Not yet due', 0), ('1-30', '1-30 days overdue', 1), ('31-60', '31-60 days overdue', 2), ('61-90', '61-90 days overdue', 3), ('90+', 'More than 90 days overdue', 4)) b(bucket, label, ord)`;

/** Revenue (docs/analytics.md, part 1): booked, earned, invoiced and collected; by category and item; receivables ageing. */
export class RevenueReports {
  async byPeriod(scope: ReportScope, args: PeriodArgs): Promise<RevenueReport> {
    const w = windowOf(scope, args);
    const s = await periodSeries(scope, w, { facts: revenueFacts(METRICS), metrics: METRICS });
    const t = (m: (typeof METRICS)[number]) => moneyTotal(s, m);
    return {
      range: w,
      rows: s.rows.map((r) => ({
        period: r.period,
        label: r.label,
        booked: money(r.booked),
        earned: money(r.earned),
        invoiced: money(r.invoiced),
        collected: money(r.collected),
      })),
      totals: { booked: t('booked'), earned: t('earned'), invoiced: t('invoiced'), collected: t('collected') },
    };
  }

  async breakdown(scope: ReportScope, by: keyof typeof GROUPS, args: BreakdownArgs): Promise<RevenueBreakdown> {
    const w = windowOf(scope, args);
    const g = GROUPS[by];
    const rows = await runWindow<BreakdownSql>(
      scope,
      w,
      `with f as (${LINE_FACTS})
       select ${g.key} as key, ${g.label} as label, ${g.item} as item_id, ${g.number} as item_number, ${g.category} as category,
              ${SUM('booked')} as booked, ${SUM('earned')} as earned, ${SUM('previous_booked')} as previous_booked, ${SUM('previous_earned')} as previous_earned
         from f join inventory_items i on i.id = f.item_id and i.organization_id = :org
        group by ${g.group} order by sum(f.booked) desc nulls last, sum(f.earned) desc nulls last, 1 limit :limit`,
      { limit: args.limit },
    );
    return { range: w, rows: rows.map(toBreakdownRow) };
  }

  /** The totals of some metrics over the window and its previous range (the dashboard's and the insights' figures). */
  async totals<M extends RevenueMetric>(
    scope: ReportScope,
    w: ReportWindow,
    metrics: readonly M[],
  ): Promise<Record<M, MoneyComparison>> {
    const s = await periodSeries(scope, w, { facts: revenueFacts(metrics), metrics });
    return Object.fromEntries(metrics.map((m) => [m, moneyTotal(s, m)])) as Record<M, MoneyComparison>;
  }

  /**
   * The overdue receivables (the ageing report's `overdue`) at the end of the window and at the end of the
   * previous range, in one statement. An invoice's balance at a day is what is unpaid today (`total -
   * amount_paid`: the payments service adds every payment to amount_paid) plus the payments dated after that
   * day, so only the payments after the previous end are read, and only invoices unpaid today or paid since.
   */
  async overdueAt(scope: ReportScope, w: ReportWindow): Promise<MoneyComparison> {
    const overdue = (day: string) =>
      `coalesce(sum(greatest(inv.unpaid + coalesce(inv.paid_after_${day}, 0), 0)) filter (where inv.due_date < :${day}::date and inv.open_${day}), 0)::text`;
    const [r] = await runWindow<{ cur: string; prev: string }>(
      scope,
      w,
      `with later as (
         select p.invoice_id, sum(p.amount) filter (where p.paid_on > :end::date) as paid_after_end, sum(p.amount) as paid_after_pend
           from payments p where p.organization_id = :org and p.paid_on > :pend::date group by p.invoice_id
       ), inv as (
         select i.total - i.amount_paid as unpaid, i.due_date, (${openAt('end')}) as open_end, (${openAt('pend')}) as open_pend,
                l.paid_after_end, l.paid_after_pend
           from invoices i left join later l on l.invoice_id = i.id
          where i.organization_id = :org and i.due_date < :end::date and i.issue_date <= :end::date and (${openAt('end')} or ${openAt('pend')})
            and (i.total > i.amount_paid or l.invoice_id is not null)
       )
       select ${overdue('end')} as cur, ${overdue('pend')} as prev from inv`,
    );
    return compareMoney(money(r.cur), money(r.prev));
  }

  /** Sent invoices with a balance as of `asOf` (payments up to that day), by days past due. */
  async ageing(scope: ReportScope, args: AgeingArgs): Promise<ReceivablesAgeing> {
    const asOf = args.asOf ?? scope.today;
    const rows = await run<{
      bucket: string;
      label: string;
      invoices: number;
      amount: string;
      outstanding: string;
      overdue: string;
    }>(
      scope,
      `with open as (
         select i.due_date, i.total - coalesce(p.paid, 0) as balance
           from invoices i left join (
             select p.invoice_id, sum(p.amount) as paid from payments p where p.organization_id = :org and p.paid_on <= :asOf::date group by p.invoice_id
           ) p on p.invoice_id = i.id
          where i.organization_id = :org and ${openAt('asOf')}
       ), aged as (
         select case when due_date >= :asOf::date then 'current' when :asOf::date - due_date <= 30 then '1-30'
                     when :asOf::date - due_date <= 60 then '31-60' when :asOf::date - due_date <= 90 then '61-90' else '90+' end as bucket, balance
           from open where balance > 0
       )
       select b.bucket, b.label, count(a.balance)::int as invoices, coalesce(sum(a.balance), 0)::text as amount,
              (sum(coalesce(sum(a.balance), 0)) over ())::text as outstanding,
              (sum(case when b.bucket <> 'current' then coalesce(sum(a.balance), 0) else 0 end) over ())::text as overdue
         from ${BUCKETS} left join aged a on a.bucket = b.bucket
        group by b.bucket, b.label, b.ord order by b.ord`,
      { asOf, tz: scope.timezone },
    );
    return {
      asOf,
      rows: rows.map((r) => ({ bucket: r.bucket, label: r.label, invoices: r.invoices, amount: money(r.amount) })),
      outstanding: money(rows[0].outstanding),
      overdue: money(rows[0].overdue),
    };
  }
}

const money = (v: string | null): string => formatMoney(v ?? 0);

type BreakdownSql = Record<'key' | 'label' | 'booked' | 'earned' | 'previous_booked' | 'previous_earned', string> &
  Record<'item_id' | 'item_number' | 'category', string | null>;

function toBreakdownRow(r: BreakdownSql): RevenueBreakdownRow {
  return {
    key: r.key,
    label: r.label,
    itemId: r.item_id,
    itemNumber: r.item_number,
    category: r.category,
    booked: money(r.booked),
    earned: money(r.earned),
    previousBooked: money(r.previous_booked),
    previousEarned: money(r.previous_earned),
    bookedChange: compareMoney(r.booked, r.previous_booked),
  };
}
