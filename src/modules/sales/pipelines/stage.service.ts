import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import { AppError, ErrorCode } from '../../../lib/errors';
import type { EventEmitter } from '../../../events/event-emitter';
import type { Principal } from '../../../http/principal';
import { findOr404, referenced } from '../../../db/find-or-404';
import { Opportunity } from '../opportunities/opportunity.entity';
import { applyStageMove, emitStageChanged, statusOf } from '../opportunities/stage-history';
import { deleted, DeletePayload } from '../../../lib/fields';
import { Pipeline } from './pipeline.entity';
import { PipelineStage } from './pipeline-stage.entity';
import { checkStageKinds } from './pipeline.service';
import { MAX_STAGES, StageInput, StageOrderInput, StageUpdateInput } from './pipeline.types';

/** The stages of the caller's pipelines: create, rename, reorder, delete (admins). */
export class StageService {
  constructor(private readonly events: EventEmitter) {}

  stagesOf(em: EntityManager, pipelineId: string): Promise<PipelineStage[]> {
    return em.find(PipelineStage, { pipeline: pipelineId }, { orderBy: [{ position: 'asc' }, { id: 'asc' }] as never });
  }

  create(em: EntityManager, pipelineId: string, input: StageInput): Promise<PipelineStage> {
    if (input.isWon && input.isLost) checkStageKinds([input], 'input');
    return em.transactional(async (tx) => {
      const pipeline = await this.lockPipeline(tx, pipelineId);
      const stages = await this.stagesOf(tx, pipeline.id);
      if (stages.length >= MAX_STAGES) throw AppError.conflict(`A pipeline has at most ${MAX_STAGES} stages`);
      const position = Math.min(input.position ?? stages.length, stages.length);
      const stage = new PipelineStage(pipeline.organization, pipeline, { ...input, position });
      stage.stagnantDays = input.stagnantDays ?? null;
      stages.splice(position, 0, stage);
      stages.forEach((s, i) => (s.position = i));
      tx.persist(stage);
      return stage;
    });
  }

  update(em: EntityManager, id: string, input: StageUpdateInput): Promise<PipelineStage> {
    return em.transactional(async (tx) => {
      const stage = await findOr404(tx, PipelineStage, id, 'Stage');
      if (input.name !== undefined) stage.name = input.name.trim();
      if (input.probability !== undefined && input.probability !== null) stage.probability = input.probability;
      if (input.stagnantDays !== undefined) stage.stagnantDays = input.stagnantDays;
      return stage;
    });
  }

  /** The new order must name every stage of the pipeline exactly once. */
  reorder(em: EntityManager, pipelineId: string, input: StageOrderInput): Promise<PipelineStage[]> {
    return em.transactional(async (tx) => {
      const pipeline = await this.lockPipeline(tx, pipelineId);
      const stages = await this.stagesOf(tx, pipeline.id);
      const byId = new Map(stages.map((s) => [s.id, s]));
      const same =
        input.stageIds.length === stages.length &&
        new Set(input.stageIds).size === stages.length &&
        input.stageIds.every((id) => byId.has(id));
      if (!same)
        throw AppError.validation([
          {
            field: 'stageIds',
            message: `stageIds must list each of the pipeline's ${stages.length} stages exactly once`,
          },
        ]);
      const ordered = input.stageIds.flatMap((id) => byId.get(id) ?? []); // every id is a stage: checked above
      ordered.forEach((s, i) => (s.position = i));
      return ordered;
    });
  }

  /**
   * Deletes a stage. One that still holds opportunities is refused (409) unless `moveToStageId` names
   * another stage of the same pipeline and of the same kind (open, won or lost): its opportunities are
   * moved there first, each with a history line and opportunity.stage_changed. The last open stage of a
   * pipeline cannot be deleted.
   */
  delete(em: EntityManager, principal: Principal, id: string, moveToStageId?: string | null): Promise<DeletePayload> {
    return em.transactional(async (tx) => {
      const stage = await findOr404(tx, PipelineStage, id, 'Stage');
      await this.lockPipeline(tx, stage.pipeline.id);
      const stages = await this.stagesOf(tx, stage.pipeline.id);
      if (statusOf(stage) === 'open' && stages.filter((s) => statusOf(s) === 'open').length === 1) {
        throw AppError.conflict('The last open stage of a pipeline cannot be deleted');
      }
      const held = await tx.find(
        Opportunity,
        { stage: stage.id },
        { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'asc' } },
      );
      if (held.length && !moveToStageId) {
        throw new AppError(
          ErrorCode.CONFLICT,
          `The stage still holds ${held.length} opportunities; move them first or pass moveToStageId`,
          [{ field: 'moveToStageId', message: 'required while the stage holds opportunities' }],
        );
      }
      // A given target is checked even when nothing has to move: a stage of another organization (or none) is a 404, never ignored.
      const target = moveToStageId ? await referenced(tx, PipelineStage, moveToStageId, 'moveToStageId') : undefined;
      if (
        target &&
        (target.id === stage.id || target.pipeline.id !== stage.pipeline.id || statusOf(target) !== statusOf(stage))
      ) {
        throw AppError.validation([
          {
            field: 'moveToStageId',
            message: 'must be another stage of the same pipeline, of the same kind (open, won or lost)',
          },
        ]);
      }
      if (held.length && target) {
        for (const opp of held) {
          await tx.populate(opp, ['stage']);
          const change = applyStageMove(tx, opp, target, {
            changedById: principal.userId,
            note: `stage ${stage.name} deleted`,
            probability: opp.probability,
            lostReason: opp.lostReason,
          });
          emitStageChanged(this.events, tx, opp, change);
        }
        await tx.flush();
      }
      tx.remove(stage);
      stages.filter((s) => s.id !== stage.id).forEach((s, i) => (s.position = i));
      return deleted(id, 'Stage');
    });
  }

  private async lockPipeline(tx: EntityManager, id: string): Promise<Pipeline> {
    return findOr404(tx, Pipeline, id, 'Pipeline', { lock: true });
  }
}
