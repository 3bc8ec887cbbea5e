import type { Principal } from '../../../http/principal';
import { formatMoney } from '../../../lib/money';
import type { ForecastService } from '../../sales/forecast/forecast.service';
import type { ForecastArgs, ForecastGroupBy, ForecastRow } from '../../sales/forecast/forecast.types';
import { numberTotal, periodSeries } from '../shared/period-series';
import { localDay, pct, ReportScope, run, runWindow, totalOf, windowOf, within } from '../shared/report-sql';
import type { ReportWindow } from '../shared/report-window';
import { compareMoney, compareNumber, MoneyComparison, RangeArgs } from '../shared/report.types';
import {
  ForecastMonth,
  LeadConversionArgs,
  LeadConversionGroupBy,
  LeadConversionReport,
  PipelineArgs,
  PipelineReport,
  PipelineRow,
  SalesForecastArgs,
  SalesForecastReport,
  StageDurationArgs,
  StageDurationReport,
  WinRateReport,
  WinRateRow,
} from './sales.types';

const OWNER_LABEL = `coalesce(min(u.first_name || ' ' || u.last_name), 'Unassigned')`;
const PIPELINE_GROUPS = {
  stage: { key: 's.id::text', label: 'min(s.name)', group: 's.id', order: 'min(s.pipeline_id::text), min(s.position)' },
  owner: { key: `coalesce(o.owner_id::text, 'unassigned')`, label: OWNER_LABEL, group: 'o.owner_id', order: '2, 1' },
};
const WEIGHTED = 'round(o.value * o.probability / 100.0, 2)';
const DAYS = (from: string, to: string) => `extract(epoch from (${to} - ${from})) / 86400.0`;
const days1 = (expr: string) => `round((${expr})::numeric, 1)::float8`;

/** Leads created in the two ranges (a cohort: what became of each lead by now), with their contact's source. */
const LEAD_FACTS = `
  select ${localDay('l.created_at', 'timestamp')} as day, coalesce(nullif(trim(ct.source), ''), '(none)') as source, 1 as leads,
         (l.status = 'converted')::int as converted, (l.status = 'lost')::int as lost,
         case when l.status = 'converted' then ${DAYS('l.created_at', 'l.converted_at')} else 0 end as days_to_convert
    from leads l join contacts ct on ct.id = l.contact_id and ct.organization_id = :org
   where l.organization_id = :org and ${within('l.created_at', 'timestamp')}`;
const LEAD_DERIVED = {
  conversion_rate: (s: (m: string) => string) => pct(s('converted'), s('leads')),
  average_days: (s: (m: string) => string) =>
    `round(${s('days_to_convert')} / nullif(${s('converted')}, 0), 1)::float8`,
};
const num = (v: string | null | undefined): number | null => (v === null || v === undefined ? null : Number(v));

/** Sales (docs/analytics.md, part 4): pipeline, win rate and sales cycle, time in stage, lead conversion, and the forecast of the sales module. */
export class SalesReports {
  constructor(private readonly forecastService: ForecastService) {}

  async pipeline(scope: ReportScope, args: PipelineArgs): Promise<PipelineReport> {
    const g = PIPELINE_GROUPS[args.groupBy];
    const rows = await run<PipelineRow & { total: boolean }>(
      scope,
      `select ${g.key} as key, ${g.label} as label, count(*)::int as deals, sum(o.value)::text as value, sum(${WEIGHTED})::text as "weightedValue",
              (count(*) over ())::int as t_deals, (sum(sum(o.value)) over ())::text as t_value, (sum(sum(${WEIGHTED})) over ())::text as t_weighted
         from opportunities o join pipeline_stages s on s.id = o.stage_id and s.organization_id = :org left join users u on u.id = o.owner_id
        where o.organization_id = :org and o.status = 'open' ${args.pipelineId ? 'and o.pipeline_id = :pipeline' : ''}
        group by ${g.group} order by ${g.order}`,
      { pipeline: args.pipelineId ?? null },
    );
    const t = rows[0] as unknown as Record<string, string | number> | undefined;
    const money = (r: PipelineRow): PipelineRow => ({
      key: r.key,
      label: r.label,
      deals: r.deals,
      value: formatMoney(r.value),
      weightedValue: formatMoney(r.weightedValue),
    });
    return {
      groupBy: args.groupBy,
      rows: rows.map(money),
      totals: money({
        key: 'total',
        label: 'Total',
        deals: Number(t?.t_deals ?? 0),
        value: String(t?.t_value ?? 0),
        weightedValue: String(t?.t_weighted ?? 0),
      }),
    };
  }

  async winRate(scope: ReportScope, args: RangeArgs): Promise<WinRateReport> {
    const w = windowOf(scope, args);
    const side = (cur: boolean) => (cur ? `f.day >= :start::date` : `f.day < :start::date`);
    const figures = (c: boolean) => `
      (count(*) filter (where ${side(c)} and f.won))::int as won${c ? '' : '_p'}, (count(*) filter (where ${side(c)} and not f.won))::int as lost${c ? '' : '_p'},
      ${pct(`count(*) filter (where ${side(c)} and f.won)`, `count(*) filter (where ${side(c)})`)} as win_rate${c ? '' : '_p'},
      coalesce(sum(f.value) filter (where ${side(c)} and f.won), 0)::text as won_value${c ? '' : '_p'},
      ${days1(`avg(f.cycle) filter (where ${side(c)} and f.won)`)} as cycle${c ? '' : '_p'}`;
    const rows = await runWindow<Record<string, string | number | null>>(
      scope,
      w,
      `with f as (
         select o.owner_id, ${localDay('o.closed_at', 'timestamp')} as day, o.status = 'won' as won, o.value, ${DAYS('o.created_at', 'o.closed_at')} as cycle
           from opportunities o where o.organization_id = :org and o.status in ('won', 'lost') and ${within('o.closed_at', 'timestamp')})
       select coalesce(f.owner_id::text, 'unassigned') as key, ${OWNER_LABEL} as label, grouping(f.owner_id) = 1 as total, ${figures(true)}, ${figures(false)}
         from f left join users u on u.id = f.owner_id
        group by grouping sets ((f.owner_id), ()) having grouping(f.owner_id) = 1 or count(*) filter (where ${side(true)}) > 0
        order by grouping(f.owner_id), 2, 1`,
    );
    const t = totalOf(rows as (Record<string, string | number | null> & { total: boolean })[]);
    return {
      range: w,
      rows: rows
        .filter((r) => !r.total)
        .map((r): WinRateRow => ({
          key: String(r.key),
          label: String(r.label),
          won: Number(r.won),
          lost: Number(r.lost),
          winRate: num(r.win_rate as never),
          wonValue: formatMoney(r.won_value ?? 0),
          averageCycleDays: num(r.cycle as never),
        })),
      totals: {
        won: compareNumber(Number(t.won), Number(t.won_p)),
        lost: compareNumber(Number(t.lost), Number(t.lost_p)),
        winRate: compareNumber(num(t.win_rate as never), num(t.win_rate_p as never)),
        wonValue: compareMoney(t.won_value ?? 0, t.won_value_p ?? 0),
        averageCycleDays: compareNumber(num(t.cycle as never), num(t.cycle_p as never)),
      },
    };
  }

  async stageDurations(scope: ReportScope, args: StageDurationArgs): Promise<StageDurationReport> {
    const w = windowOf(scope, args);
    const rows = await runWindow<StageDurationReport['rows'][number]>(
      scope,
      w,
      `with exits as (
         select c.from_stage_id as stage_id, count(*)::int as exits, ${days1('avg(c.seconds_in_previous_stage) / 86400.0')} as avg_days,
                ${days1('percentile_cont(0.5) within group (order by c.seconds_in_previous_stage) / 86400.0')} as median_days
           from opportunity_stage_changes c
          where c.organization_id = :org and c.from_stage_id is not null and ${within('c.changed_at', 'timestamp', 'start', 'end')}
          group by c.from_stage_id),
       open as (
         select o.stage_id, count(*)::int as deals, ${days1(`avg(${DAYS('o.stage_entered_at', 'now()')})`)} as avg_days
           from opportunities o where o.organization_id = :org and o.status = 'open' group by o.stage_id)
       select s.id as "stageId", s.name as "stageName", s.pipeline_id as "pipelineId", s.position, coalesce(e.exits, 0) as exits,
              e.avg_days as "averageDays", e.median_days as "medianDays", coalesce(op.deals, 0) as "openDeals", op.avg_days as "averageDaysOpen"
         from pipeline_stages s left join exits e on e.stage_id = s.id left join open op on op.stage_id = s.id
        where s.organization_id = :org ${args.pipelineId ? 'and s.pipeline_id = :pipeline' : ''}
        order by s.pipeline_id, s.position`,
      { pipeline: args.pipelineId ?? null },
    );
    return { range: w, rows };
  }

  async leadConversion(scope: ReportScope, args: LeadConversionArgs): Promise<LeadConversionReport> {
    const w = windowOf(scope, args);
    const s = await periodSeries(scope, w, {
      facts: LEAD_FACTS,
      metrics: ['leads', 'converted', 'lost', 'days_to_convert'],
      derived: LEAD_DERIVED,
    });
    const totals = {
      leads: numberTotal(s, 'leads'),
      converted: numberTotal(s, 'converted'),
      conversionRate: numberTotal(s, 'conversion_rate'),
    };
    const toRow = (r: Record<string, string | null>, key: string, label: string) => ({
      key,
      label,
      leads: Number(r.leads),
      converted: Number(r.converted),
      lost: Number(r.lost),
      conversionRate: num(r.conversion_rate),
      averageDaysToConvert: num(r.average_days),
    });
    if (args.groupBy === LeadConversionGroupBy.period)
      return { range: w, groupBy: args.groupBy, rows: s.rows.map((r) => toRow(r, r.period, r.label)), totals };
    const sum = (m: string) => `coalesce(sum(f.${m}), 0)`;
    const bySource = await runWindow<Record<string, string | null>>(
      scope,
      w,
      `select f.source, ${['leads', 'converted', 'lost'].map((m) => `${sum(m)}::text as ${m}`).join(', ')},
              (${LEAD_DERIVED.conversion_rate(sum)})::text as conversion_rate, (${LEAD_DERIVED.average_days(sum)})::text as average_days
         from (${LEAD_FACTS}) f where f.day >= :start::date group by f.source order by sum(f.leads) desc, 1`,
    );
    return {
      range: w,
      groupBy: args.groupBy,
      rows: bySource.map((r) => toRow(r, r.source ?? '(none)', r.source ?? '(none)')),
      totals,
    };
  }

  /** Σ value of the deals open at the end of the range's last day and of the previous range's (values as they are now). */
  async openPipelineAt(scope: ReportScope, w: ReportWindow): Promise<MoneyComparison> {
    const end = (day: string) => `(:${day}::date + 1)::timestamp at time zone :tz`;
    const openAt = (day: string) =>
      `o.created_at < ${end(day)} and (o.closed_at is null or o.closed_at >= ${end(day)})`;
    const [r] = await runWindow<{ cur: string; prev: string }>(
      scope,
      w,
      `select coalesce(sum(o.value) filter (where ${openAt('end')}), 0)::text as cur, coalesce(sum(o.value) filter (where ${openAt('pend')}), 0)::text as prev
         from opportunities o where o.organization_id = :org and o.created_at < ${end('end')} and (o.closed_at is null or o.closed_at >= ${end('pend')})`,
    );
    return compareMoney(r.cur, r.prev);
  }

  /** The sales module's forecast by close month, as it is (ForecastService through `needs`), shaped as a report. */
  async forecast(scope: ReportScope, principal: Principal, args: SalesForecastArgs): Promise<SalesForecastReport> {
    const f = await this.forecastService.forecast(scope.em, principal, {
      ...args,
      groupBy: 'month' as ForecastGroupBy,
    } as ForecastArgs);
    const month = ({ key, ...r }: ForecastRow): ForecastMonth => ({ month: key, ...r });
    return { commitProbability: f.commitProbability, rows: f.rows.map(month), totals: month(f.totals) };
  }
}
