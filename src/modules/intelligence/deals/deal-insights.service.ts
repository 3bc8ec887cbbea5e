import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { dealInsights, type DealInsights } from '../../../ai/insights/deal-insights';
import type { DealHistory } from '../../../ai/insights/deal-history';
import { findOr404 } from '../../../db/find-or-404';
import type { Principal } from '../../../http/principal';
import { addDays, daysInclusive } from '../../../lib/calendar-days';
import { Opportunity, OpportunityStatus } from '../../sales/opportunities/opportunity.entity';
import { Task, TaskPriority, TaskSource } from '../../sales/tasks/task.entity';
import type { TaskService } from '../../sales/tasks/task.service';
import { dealHistory } from './deal-history.query';
import type { OpportunityInsights } from './deal-insights.types';
import { organizationToday } from '../../../db/organization-day';

/**
 * Deal insights (docs/ai.md, "Deal insights"): the opportunity against the organization's own closed
 * deals (SQL aggregates, deal-history.query.ts) through src/ai's dealInsights; and the deal's AI
 * next-step tasks, one per recommended action, deduplicated by the task dedupeKey.
 */
export class DealInsightsService {
  constructor(private readonly tasks: TaskService) {}

  async insights(em: EntityManager, principal: Principal, id: string): Promise<OpportunityInsights> {
    const opportunity = await findOr404(em, Opportunity, id, 'Opportunity', { populate: ['stage'] });
    const { insights, history, asOf } = await this.compute(em, principal.organizationId, opportunity);
    const stage = history.stages[opportunity.stage.id];
    const close = insights.expectedCloseDate.value;
    return {
      opportunityId: opportunity.id,
      asOf,
      sufficientHistory: insights.sufficientHistory,
      note: insights.note,
      likelyCloseAmount: {
        value: insights.likelyCloseAmount.value.toFixed(2),
        evidence: insights.likelyCloseAmount.evidence,
      },
      winProbability: insights.winProbability,
      expectedCloseDate: insights.expectedCloseDate,
      expectedDaysToClose: close ? daysInclusive(asOf, close) - 1 : null,
      recommendedActions: insights.recommendedActions,
      history: {
        closedDeals: history.closedDeals,
        wonDeals: history.won,
        stageDeals: stage?.deals ?? 0,
        stageWonDeals: stage?.won ?? 0,
        stageWinRate: stage ? Math.round(stage.winRate * 1000) / 1000 : null,
        medianDaysInStage: stage?.medianDaysInStage ?? null,
        medianDaysToClose: stage?.medianDaysToClose ?? null,
        amountRatio: history.amountRatio === null ? null : Math.round(history.amountRatio * 1000) / 1000,
        amountSamples: history.amountSamples,
      },
    };
  }

  /**
   * One AI task per recommended action of an open deal (a won or lost deal has none) (isAiGenerated, source opportunity, sourceId the
   * deal), assigned to the deal's owner (else the caller), linked to its contact and customer; high
   * priority due tomorrow for a stalled deal, a passed or slipping date, else medium due in a week. The
   * dedupeKey is the deal, its stage and the action's kind, so asking again creates nothing new and
   * answers the same tasks; the deal row is locked so concurrent calls create them once.
   */
  generateTasks(em: EntityManager, principal: Principal, id: string): Promise<Task[]> {
    return em.transactional(async (tx) => {
      const opportunity = await findOr404(tx, Opportunity, id, 'Opportunity', { populate: ['stage'], lock: true });
      if (opportunity.status !== OpportunityStatus.open) return [];
      const { insights, asOf } = await this.compute(tx, principal.organizationId, opportunity);
      const actions = insights.recommendedActions.filter((a) => !ORGANIZATION_LEVEL.test(a.action));
      const keyed = actions.map((a) => ({ ...a, key: dedupeKey(opportunity, a.action) }));
      const existing = await tx.find(Task, { dedupeKey: { $in: keyed.map((a) => a.key) } });
      const byKey = new Map(existing.map((t) => [t.dedupeKey, t]));
      const out: Task[] = [];
      for (const a of keyed) {
        const found = byKey.get(a.key);
        if (found) {
          out.push(found);
          continue;
        }
        const urgent = URGENT.test(a.action);
        const task = this.tasks.createInTransaction(tx, principal.organizationId, {
          title: a.action.slice(0, 200),
          description: `${opportunity.name}: ${a.evidence}`,
          assigneeId: opportunity.owner?.id ?? principal.userId,
          contactId: opportunity.contact?.id ?? null,
          customerId: opportunity.customer?.id ?? null,
          opportunityId: opportunity.id,
          priority: urgent ? TaskPriority.high : TaskPriority.medium,
          dueDate: addDays(asOf, urgent ? 1 : 7),
          source: TaskSource.opportunity,
          sourceId: opportunity.id,
          isAiGenerated: true,
          dedupeKey: a.key,
          createdById: principal.userId,
        });
        byKey.set(a.key, task);
        out.push(task);
      }
      return out;
    });
  }

  private async compute(
    em: EntityManager,
    organizationId: string,
    opportunity: Opportunity,
  ): Promise<{ insights: DealInsights; history: DealHistory; asOf: string }> {
    const history = await dealHistory(em, organizationId);
    const asOf = await organizationToday(em, organizationId);
    const stage = opportunity.stage.getEntity();
    const insights = dealInsights(
      {
        value: Number(opportunity.value),
        stageId: stage.id,
        stageName: stage.name,
        probability: opportunity.probability,
        stageEnteredAt: opportunity.stageEnteredAt.toISOString(),
        expectedCloseDate: opportunity.expectedCloseDate,
      },
      history,
      asOf,
    );
    return { insights, history, asOf };
  }
}

/** Advice about the organization's records, not a next step of this deal: no task. */
const ORGANIZATION_LEVEL = /^Record won and lost outcomes/;
/** A stalled deal, a passed or slipping close date. */
const URGENT = /^(Re-engage|Update the expected close date|Timeline at risk)/;

/** `ai-deal:<deal>:<stage>:<kind>`: the kind is the action up to its first colon (counts and dates change daily). */
function dedupeKey(opportunity: Opportunity, action: string): string {
  const kind = action.split(':')[0].trim().toLowerCase();
  const digest = createHash('sha256').update(kind).digest('hex').slice(0, 16);
  return `ai-deal:${opportunity.id}:${opportunity.stage.id}:${digest}`;
}
