import type { EntityManager } from '@mikro-orm/postgresql';
import { ref } from '@mikro-orm/core';
import { AppError } from '../../../lib/errors';
import type { EventEmitter } from '../../../events/event-emitter';
import type { Principal } from '../../../http/principal';
import { findOr404, referenced } from '../../../db/find-or-404';
import { PipelineStage } from '../pipelines/pipeline-stage.entity';
import { RentalOrder } from '../../rental/orders/rental-order.entity';
import { Opportunity, OpportunityStatus } from './opportunity.entity';
import { OpportunityLine } from './opportunity-line.entity';
import { applyStageMove, emitStageChanged, statusOf } from './stage-history';
import type { OrderFromOpportunity } from './won-order';
import type { StageMoveInput } from './opportunity.types';

/**
 * POST /api/opportunities/:id/move-stage: the only way an opportunity changes stage. In ONE transaction,
 * under a row lock: the history line, the new stage/status/probability, for a won stage the rental
 * order (pending) from the line items, and opportunity.stage_changed. Won is final; lost archives the
 * opportunity with its reason and can be reopened into an open stage.
 */
export class StageMoveService {
  constructor(
    private readonly events: EventEmitter,
    readonly orders: OrderFromOpportunity,
  ) {}

  move(em: EntityManager, principal: Principal, id: string, input: StageMoveInput): Promise<Opportunity> {
    return em.transactional(async (tx) => {
      const opp = await findOr404(tx, Opportunity, id, 'Opportunity', { lock: true, populate: ['stage'] });
      const target = await referenced(tx, PipelineStage, input.stageId, 'stageId');
      this.check(opp, target, input);

      const change = applyStageMove(tx, opp, target, {
        changedById: principal.userId,
        probability: input.probability,
        lostReason: input.lostReason?.trim(),
      });
      if (opp.status === OpportunityStatus.won) {
        await tx.flush(); // the move and its history are written; the order is the last step, and any failure undoes all
        const lines = await tx.find(OpportunityLine, { opportunity: opp.id }, { orderBy: { position: 'asc' } });
        const order = await this.orders.createOrderFromOpportunity(tx, principal, opp, lines, input);
        if (order) opp.rentalOrder = ref(tx.getReference(RentalOrder, order.id));
      }
      emitStageChanged(this.events, tx, opp, change);
      return opp;
    });
  }

  private check(opp: Opportunity, target: PipelineStage, input: StageMoveInput): void {
    if (target.pipeline.id !== opp.pipeline.id)
      throw AppError.validation([{ field: 'stageId', message: 'must be a stage of the opportunity’s pipeline' }]);
    if (target.id === opp.stage.id) throw AppError.conflict(`The opportunity is already in stage ${target.name}`);
    if (opp.status === OpportunityStatus.won)
      throw AppError.conflict(`The opportunity is won (transaction ${opp.transactionId ?? 'none'}); won is final`);
    const to = statusOf(target);
    if (opp.status === OpportunityStatus.lost && to !== OpportunityStatus.open)
      throw AppError.conflict('A lost opportunity can only be reopened into an open stage');
    if (to === OpportunityStatus.lost && !input.lostReason?.trim())
      throw AppError.validation([
        { field: 'lostReason', message: 'lostReason is required to move an opportunity to a lost stage' },
      ]);
    if (to !== OpportunityStatus.open && input.probability !== undefined && input.probability !== null) {
      throw AppError.validation([
        { field: 'probability', message: 'the probability of a won (100) or lost (0) opportunity is fixed' },
      ]);
    }
  }
}
