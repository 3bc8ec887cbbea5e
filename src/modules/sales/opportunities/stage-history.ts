import type { EntityManager } from '@mikro-orm/postgresql';
import { ref } from '@mikro-orm/core';
import { clock } from '../../../lib/clock';
import type { EventEmitter } from '../../../events/event-emitter';
import { User } from '../../accounts/users/user.entity';
import type { PipelineStage } from '../pipelines/pipeline-stage.entity';
import { Opportunity, OpportunityStatus } from './opportunity.entity';
import { OpportunityStageChange } from './stage-change.entity';

export function statusOf(stage: PipelineStage): OpportunityStatus {
  if (stage.isWon) return OpportunityStatus.won;
  if (stage.isLost) return OpportunityStatus.lost;
  return OpportunityStatus.open;
}

export interface MoveFacts {
  changedById: string | null;
  /** The probability the move sets; default the stage's (won is always 100, lost always 0). */
  probability?: number;
  note?: string | null;
  lostReason?: string | null;
}

/** The first history line of a new opportunity (no `from`). */
export function recordCreation(tx: EntityManager, opp: Opportunity, changedById: string | null): void {
  const change = new OpportunityStageChange(opp.organization, opp, opp.stage.getEntity(), opp.stageEnteredAt);
  change.changedBy = changedById ? ref(tx.getReference(User, changedById)) : null;
  tx.persist(change);
}

/**
 * The one stage move: writes the history line (from, to, who, when, seconds spent in the previous stage),
 * puts the opportunity in the stage with its status, probability and close/archive stamps, and returns
 * the change. The caller emits opportunity.stage_changed (stageChangedEvent) once any side effect is done.
 */
export function applyStageMove(
  tx: EntityManager,
  opp: Opportunity,
  to: PipelineStage,
  facts: MoveFacts,
): OpportunityStageChange {
  const now = clock.now();
  const from = opp.stage.getEntity();
  const change = new OpportunityStageChange(opp.organization, opp, to, now);
  change.fromStage = ref(from);
  change.fromStageName = from.name;
  change.changedBy = facts.changedById ? ref(tx.getReference(User, facts.changedById)) : null;
  change.secondsInPreviousStage = Math.max(0, Math.floor((now.getTime() - opp.stageEnteredAt.getTime()) / 1000));
  change.note = facts.note ?? facts.lostReason ?? null;
  tx.persist(change);

  const status = statusOf(to);
  opp.stage = ref(to);
  opp.stageEnteredAt = now;
  opp.probability =
    status === OpportunityStatus.won
      ? 100
      : status === OpportunityStatus.lost
        ? 0
        : (facts.probability ?? to.probability);
  if (status !== opp.status) {
    // a move between two stages of the same kind (e.g. when a stage is deleted) keeps the close stamps
    opp.status = status;
    opp.closedAt = status === OpportunityStatus.open ? null : now;
    opp.archivedAt = status === OpportunityStatus.lost ? now : null;
  }
  opp.lostReason = status === OpportunityStatus.lost ? (facts.lostReason ?? opp.lostReason) : null;
  return change;
}

/** opportunity.stage_changed, as docs/events.md defines its data. */
export function emitStageChanged(
  events: EventEmitter,
  tx: EntityManager,
  opp: Opportunity,
  change: OpportunityStageChange,
): void {
  events.emit(tx, opp.organizationId, 'opportunity.stage_changed', {
    id: opp.id,
    previousStageId: change.fromStageId,
    previousStage: change.fromStageName,
    stageId: opp.stageId,
    stage: change.toStageName,
    probability: opp.probability,
    value: opp.value,
    changedBy: change.changedById,
    status: opp.status,
    secondsInPreviousStage: change.secondsInPreviousStage,
    lostReason: opp.lostReason,
    transactionId: opp.transactionId,
  });
}
