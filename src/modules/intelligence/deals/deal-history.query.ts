import type { EntityManager } from '@mikro-orm/postgresql';
import type { DealHistory, StageStats } from '../../../ai/insights/deal-history';

/**
 * The organization's closed deals summarised per stage in SQL (docs/ai.md, "Deal insights"): the same
 * figures as src/ai's summarizeDealHistory, computed by PostgreSQL aggregates instead of loading every
 * deal. A stage visit runs from its stage-history line (opportunity_stage_changes) to the next line of
 * the same deal, or to the close for the last one; days are UTC calendar days. Per stage: closed deals
 * that reached it, how many of them were won, the median days of a visit, the median days from entering
 * it to the close (won deals). Over won deals with a rental order: the median ratio of the order subtotal
 * (the final amount, before tax) to the estimate.
 */
const STAGES_SQL = `
with closed as (
  select o.id, o.status, o.closed_at
  from opportunities o
  where o.organization_id = ? and o.status in ('won', 'lost') and o.closed_at is not null
),
visits as (
  select c.id as deal, c.status, c.closed_at, sc.to_stage_id as stage_id, sc.changed_at as entered,
         coalesce(lead(sc.changed_at) over (partition by sc.opportunity_id order by sc.changed_at, sc.created_at),
                  c.closed_at) as exited
  from closed c join opportunity_stage_changes sc on sc.opportunity_id = c.id
  where sc.organization_id = ?
)
select stage_id,
       count(distinct deal)::int as deals,
       (count(distinct deal) filter (where status = 'won'))::int as won,
       percentile_cont(0.5) within group (order by (exited at time zone 'UTC')::date - (entered at time zone 'UTC')::date)
         as median_days_in_stage,
       percentile_cont(0.5) within group (order by (closed_at at time zone 'UTC')::date - (entered at time zone 'UTC')::date)
         filter (where status = 'won') as median_days_to_close
from visits
where stage_id is not null
group by stage_id`;

const TOTALS_SQL = `
select count(*)::int as closed_deals,
       (count(*) filter (where o.status = 'won'))::int as won,
       percentile_cont(0.5) within group (order by r.subtotal / o.value)
         filter (where o.status = 'won' and r.subtotal is not null and o.value > 0) as amount_ratio,
       (count(*) filter (where o.status = 'won' and r.subtotal is not null and o.value > 0))::int as amount_samples
from opportunities o
left join rental_orders r on r.id = o.rental_order_id
where o.organization_id = ? and o.status in ('won', 'lost') and o.closed_at is not null`;

const number = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export async function dealHistory(em: EntityManager, organizationId: string): Promise<DealHistory> {
  const [totals] = await em.execute<Array<Record<string, unknown>>>(TOTALS_SQL, [organizationId]);
  const rows = await em.execute<Array<Record<string, unknown>>>(STAGES_SQL, [organizationId, organizationId]);
  const stages: Record<string, StageStats> = {};
  for (const r of rows) {
    const deals = Number(r.deals);
    const won = Number(r.won);
    stages[String(r.stage_id)] = {
      stageId: String(r.stage_id),
      deals,
      won,
      winRate: deals ? won / deals : 0,
      medianDaysInStage: number(r.median_days_in_stage),
      medianDaysToClose: number(r.median_days_to_close),
    };
  }
  return {
    closedDeals: Number(totals?.closed_deals ?? 0),
    won: Number(totals?.won ?? 0),
    stages,
    amountRatio: number(totals?.amount_ratio),
    amountSamples: Number(totals?.amount_samples ?? 0),
  };
}
