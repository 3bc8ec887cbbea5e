import { addDays, daysBetween } from '../local/calendar';
import type { DealHistory } from './deal-history';
import { pct } from './stats';

/**
 * Insights for one open opportunity (docs/ai.md, "Deal insights"): likely close amount, win
 * probability, expected close date and recommended actions, each with its evidence. With fewer than
 * `minClosedDeals` closed deals (default 5) the history is not used: the stage probability, the estimate
 * and the opportunity's own date stand, and the answer says so.
 */
export interface OpportunitySnapshot {
  value: number;
  stageId: string;
  stageName?: string;
  /** 0-100, the stage's (or the rep's) probability. */
  probability: number;
  stageEnteredAt: string;
  expectedCloseDate?: string | null;
}

export interface Evidenced<T> {
  value: T;
  evidence: string;
}

export interface DealInsights {
  sufficientHistory: boolean;
  note: string | null;
  likelyCloseAmount: Evidenced<number>;
  winProbability: Evidenced<number> & { source: 'history' | 'stage' };
  expectedCloseDate: Evidenced<string | null>;
  recommendedActions: Array<{ action: string; evidence: string }>;
}

const MIN_STAGE_DEALS = 3;
const MIN_AMOUNT_SAMPLES = 3;

export function dealInsights(
  opportunity: OpportunitySnapshot,
  history: DealHistory,
  asOf: string,
  minClosedDeals = 5,
): DealInsights {
  const stageName = opportunity.stageName ?? opportunity.stageId;
  const sufficient = history.closedDeals >= minClosedDeals;
  const stage = sufficient ? history.stages[opportunity.stageId] : undefined;
  const daysInStage = Math.max(0, daysBetween(opportunity.stageEnteredAt.slice(0, 10), asOf));
  const stalled =
    stage?.medianDaysInStage != null && stage.medianDaysInStage > 0 && daysInStage > 1.5 * stage.medianDaysInStage;
  const actions: DealInsights['recommendedActions'] = [];

  let winProbability: DealInsights['winProbability'];
  if (stage && stage.deals >= MIN_STAGE_DEALS) {
    const base = stage.winRate * 100;
    const value = Math.round(stalled ? base * 0.75 : base);
    const evidence = `${stage.won} of ${stage.deals} closed deals that reached ${stageName} were won (${pct(stage.winRate)})${stalled ? `; lowered by a quarter: ${daysInStage} days in the stage against a median of ${stage.medianDaysInStage}` : ''}`;
    winProbability = { value, evidence, source: 'history' };
    if (opportunity.probability - value >= 20)
      actions.push({ action: `Review the probability: it is set at ${opportunity.probability}%`, evidence });
  } else {
    const why = sufficient
      ? `only ${stage?.deals ?? 0} closed deals reached ${stageName} (${MIN_STAGE_DEALS} needed)`
      : `only ${history.closedDeals} closed deals (${minClosedDeals} needed)`;
    winProbability = { value: opportunity.probability, evidence: `the stage probability: ${why}`, source: 'stage' };
  }

  const ratio = sufficient && history.amountSamples >= MIN_AMOUNT_SAMPLES ? history.amountRatio : null;
  const likelyCloseAmount =
    ratio != null
      ? {
          value: Math.round(opportunity.value * ratio * 100) / 100,
          evidence: `won deals closed at a median ${pct(ratio)} of their estimate (${history.amountSamples} deals)`,
        }
      : { value: opportunity.value, evidence: 'the estimate: too few won deals with a final amount to adjust it' };
  if (ratio != null && ratio < 0.95)
    actions.push({ action: 'Confirm budget and scope before the final quote', evidence: likelyCloseAmount.evidence });

  let expectedCloseDate: Evidenced<string | null> = {
    value: opportunity.expectedCloseDate?.slice(0, 10) ?? null,
    evidence: "the opportunity's own expected close date",
  };
  if (stage?.medianDaysToClose != null) {
    const fromHistory = addDays(opportunity.stageEnteredAt.slice(0, 10), Math.round(stage.medianDaysToClose));
    const value = fromHistory < asOf ? asOf : fromHistory;
    expectedCloseDate = {
      value,
      evidence: `won deals closed a median ${stage.medianDaysToClose} days after entering ${stageName}${fromHistory < asOf ? '; that day has passed, so today' : ''}`,
    };
    const own = opportunity.expectedCloseDate?.slice(0, 10);
    if (own && daysBetween(own, value) > 14)
      actions.push({ action: `Timeline at risk: plan for ${value}, not ${own}`, evidence: expectedCloseDate.evidence });
  }
  if (stalled && stage)
    actions.push({
      action: `Re-engage the customer: the deal has been in ${stageName} for ${daysInStage} days`,
      evidence: `deals stayed a median ${stage.medianDaysInStage} days in ${stageName}`,
    });
  const own = opportunity.expectedCloseDate?.slice(0, 10);
  if (own && own < asOf) actions.push({ action: 'Update the expected close date', evidence: `it passed on ${own}` });
  if (!sufficient)
    actions.push({
      action: 'Record won and lost outcomes on closed deals',
      evidence: `insights need ${minClosedDeals} closed deals; the organization has ${history.closedDeals}`,
    });
  if (actions.length === 0)
    actions.push({ action: 'Keep the next step scheduled', evidence: 'the deal is on track against the history' });

  return {
    sufficientHistory: sufficient,
    note: sufficient
      ? null
      : `Too little history (${history.closedDeals} closed deals, ${minClosedDeals} needed): the stage probability is used.`,
    likelyCloseAmount,
    winProbability,
    expectedCloseDate,
    recommendedActions: actions,
  };
}
