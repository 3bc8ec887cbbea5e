import { daysBetween } from '../local/calendar';
import { median } from './stats';

/**
 * An organization's closed deals, summarised per pipeline stage (docs/ai.md, "Deal insights"): of the
 * closed deals that reached a stage, how many were won; the median days deals stayed in it; for won
 * deals, the median days from entering it to closing; and the median ratio of final to estimated amount.
 */
export interface ClosedDeal {
  outcome: 'won' | 'lost';
  estimatedValue: number;
  /** What the won deal was finally worth. */
  finalAmount?: number | null;
  /** YYYY-MM-DD or ISO instant. */
  closedAt: string;
  stages: Array<{ stageId: string; enteredAt: string; exitedAt?: string | null }>;
}

export interface StageStats {
  stageId: string;
  /** Closed deals that reached the stage. */
  deals: number;
  won: number;
  winRate: number;
  medianDaysInStage: number | null;
  medianDaysToClose: number | null;
}

export interface DealHistory {
  closedDeals: number;
  won: number;
  stages: Record<string, StageStats>;
  /** Median of finalAmount / estimatedValue over won deals with both. */
  amountRatio: number | null;
  amountSamples: number;
}

const day = (s: string) => s.slice(0, 10);

export function summarizeDealHistory(deals: ClosedDeal[]): DealHistory {
  const byStage = new Map<string, { deals: number; won: number; inStage: number[]; toClose: number[] }>();
  for (const deal of deals) {
    for (const stage of deal.stages) {
      const s = byStage.get(stage.stageId) ?? { deals: 0, won: 0, inStage: [], toClose: [] };
      s.deals++;
      if (deal.outcome === 'won') {
        s.won++;
        s.toClose.push(daysBetween(day(stage.enteredAt), day(deal.closedAt)));
      }
      const left = stage.exitedAt ?? deal.closedAt;
      s.inStage.push(daysBetween(day(stage.enteredAt), day(left)));
      byStage.set(stage.stageId, s);
    }
  }
  const stages: Record<string, StageStats> = {};
  for (const [stageId, s] of byStage) {
    stages[stageId] = {
      stageId,
      deals: s.deals,
      won: s.won,
      winRate: s.won / s.deals,
      medianDaysInStage: median(s.inStage),
      medianDaysToClose: median(s.toClose),
    };
  }
  const ratios = deals
    .filter((d) => d.outcome === 'won' && d.finalAmount != null && d.estimatedValue > 0)
    .map((d) => (d.finalAmount as number) / d.estimatedValue);
  return {
    closedDeals: deals.length,
    won: deals.filter((d) => d.outcome === 'won').length,
    stages,
    amountRatio: median(ratios),
    amountSamples: ratios.length,
  };
}
