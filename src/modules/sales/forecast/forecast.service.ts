import type { EntityManager } from '@mikro-orm/postgresql';
import Decimal from 'decimal.js';
import { formatMoney } from '../../../lib/money';
import type { Principal } from '../../../http/principal';
import type { PipelineService } from '../pipelines/pipeline.service';
import { dayRangeFilter } from '../../../db/day-range';
import { Forecast, ForecastArgs, ForecastGroupBy, ForecastRow } from './forecast.types';

/** The close date of a deal: actual (UTC day) once won, expected while open. */
const CLOSE_DATE = `(case when o.status = 'won' then (o.closed_at at time zone 'UTC')::date else o.expected_close_date end)`;

const GROUPS: Record<ForecastGroupBy, { key: string; label: string; join: string; order: string }> = {
  month: {
    key: `coalesce(to_char(${CLOSE_DATE}, 'YYYY-MM'), 'unscheduled')`,
    label: `min(coalesce(to_char(${CLOSE_DATE}, 'YYYY-MM'), 'No expected close date'))`,
    join: '',
    order: `min(${CLOSE_DATE}) asc nulls last`,
  },
  quarter: {
    key: `coalesce(to_char(${CLOSE_DATE}, 'YYYY-"Q"Q'), 'unscheduled')`,
    label: `min(coalesce(to_char(${CLOSE_DATE}, 'YYYY-"Q"Q'), 'No expected close date'))`,
    join: '',
    order: `min(${CLOSE_DATE}) asc nulls last`,
  },
  owner: {
    key: `coalesce(o.owner_id::text, 'unassigned')`,
    label: `coalesce(min(u.first_name || ' ' || u.last_name), 'Unassigned')`,
    join: 'left join users u on u.id = o.owner_id',
    order: '2 asc',
  },
  stage: {
    key: `o.stage_id::text`,
    label: 'min(s.name)',
    join: 'join pipeline_stages s on s.id = o.stage_id',
    order: 'min(s.pipeline_id::text) asc, min(s.position) asc',
  },
};

interface Sums {
  key: string;
  label: string;
  open_count: number;
  won_count: number;
  pipeline_value: string;
  weighted: string;
  won_value: string;
  commit_open: string;
}

/**
 * The weighted pipeline (docs/sales.md "Forecast"): open and won opportunities (lost ones never count),
 * grouped by close month or quarter, owner or stage. Each deal's weighted value is rounded to cents
 * before summing, so the rows add up to the totals exactly.
 */
export class ForecastService {
  constructor(private readonly pipelines: PipelineService) {}

  async forecast(em: EntityManager, principal: Principal, args: ForecastArgs): Promise<Forecast> {
    const range = dayRangeFilter('d', args).d as { $gte?: string; $lte?: string } | undefined;
    const settings = await this.pipelines.settings(em, principal.organizationId);
    const g = GROUPS[args.groupBy];
    const where = [`o.organization_id = ?`, `o.status in ('open', 'won')`];
    const params: unknown[] = [settings.commitProbability, principal.organizationId];
    if (range?.$gte) {
      where.push(`${CLOSE_DATE} >= ?::date`);
      params.push(range.$gte);
    }
    if (range?.$lte) {
      where.push(`${CLOSE_DATE} <= ?::date`);
      params.push(range.$lte);
    }
    if (args.pipelineId) {
      where.push('o.pipeline_id = ?');
      params.push(args.pipelineId);
    }
    if (args.ownerId) {
      where.push('o.owner_id = ?');
      params.push(args.ownerId);
    }
    const rows = await em.execute<Sums[]>(
      `select ${g.key} as key, ${g.label} as label,
              (count(*) filter (where o.status = 'open'))::int as open_count,
              (count(*) filter (where o.status = 'won'))::int as won_count,
              coalesce(sum(o.value) filter (where o.status = 'open'), 0) as pipeline_value,
              coalesce(sum(round(o.value * o.probability / 100.0, 2)), 0) as weighted,
              coalesce(sum(o.value) filter (where o.status = 'won'), 0) as won_value,
              coalesce(sum(o.value) filter (where o.status = 'open' and o.probability >= ?), 0) as commit_open
         from opportunities o ${g.join}
        where ${where.join(' and ')}
        group by 1 order by ${g.order}, 1`,
      params,
    );
    const out = rows.map(toRow);
    return { groupBy: args.groupBy, commitProbability: settings.commitProbability, rows: out, totals: sumRows(out) };
  }
}

function toRow(r: Sums): ForecastRow {
  const won = new Decimal(r.won_value);
  return {
    key: r.key,
    label: r.label,
    openCount: r.open_count,
    wonCount: r.won_count,
    pipelineValue: formatMoney(r.pipeline_value),
    weightedValue: formatMoney(r.weighted),
    bestCase: formatMoney(won.plus(r.pipeline_value)),
    commitCase: formatMoney(won.plus(r.commit_open)),
    worstCase: formatMoney(won),
  };
}

const MONEY_FIELDS = ['pipelineValue', 'weightedValue', 'bestCase', 'commitCase', 'worstCase'] as const;

function sumRows(rows: ForecastRow[]): ForecastRow {
  const total: ForecastRow = {
    key: 'total',
    label: 'Total',
    openCount: 0,
    wonCount: 0,
    pipelineValue: '0.00',
    weightedValue: '0.00',
    bestCase: '0.00',
    commitCase: '0.00',
    worstCase: '0.00',
  };
  for (const r of rows) {
    total.openCount += r.openCount;
    total.wonCount += r.wonCount;
    for (const f of MONEY_FIELDS) total[f] = formatMoney(new Decimal(total[f]).plus(r[f]));
  }
  return total;
}
