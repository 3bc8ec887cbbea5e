import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../lib/errors';
import type { Principal } from '../../../http/principal';
import { Organization } from '../../accounts/organizations/organization.entity';
import { findOr404 } from '../../../db/find-or-404';
import { Pipeline } from './pipeline.entity';
import { SalesSettings } from './sales-settings.entity';
import { buildStages, defaultPipeline, STANDARD_STAGES } from './default-pipeline';
import type { PipelineInput, PipelineUpdateInput, SalesSettingsInput, StageInput } from './pipeline.types';

/** At most one won and one lost flag per stage; a pipeline needs at least one open stage to start deals in. */
export function checkStageKinds(stages: Pick<StageInput, 'isWon' | 'isLost'>[], field = 'stages'): void {
  const both = stages.findIndex((s) => s.isWon && s.isLost);
  if (both >= 0)
    throw AppError.validation([{ field: `${field}.${both}`, message: 'a stage cannot be both won and lost' }]);
  if (!stages.some((s) => !s.isWon && !s.isLost))
    throw AppError.validation([{ field, message: 'a pipeline needs at least one open (neither won nor lost) stage' }]);
}

/** Pipelines of the organization (the default one is created on first use) and the sales settings. */
export class PipelineService {
  async list(em: EntityManager, principal: Principal): Promise<Pipeline[]> {
    await defaultPipeline(em, principal.organizationId);
    return em.find(Pipeline, {}, { orderBy: [{ isDefault: 'desc' }, { createdAt: 'asc' }, { id: 'asc' }] as never });
  }

  get(em: EntityManager, id: string): Promise<Pipeline> {
    return findOr404(em, Pipeline, id, 'Pipeline');
  }

  create(em: EntityManager, principal: Principal, input: PipelineInput): Promise<Pipeline> {
    const stages = input.stages ?? STANDARD_STAGES;
    checkStageKinds(stages);
    return em.transactional(async (tx) => {
      const pipeline = new Pipeline(tx.getReference(Organization, principal.organizationId), input.name);
      tx.persist(pipeline);
      buildStages(tx, pipeline, stages);
      return pipeline;
    });
  }

  rename(em: EntityManager, id: string, input: PipelineUpdateInput): Promise<Pipeline> {
    return em.transactional(async (tx) => {
      const pipeline = await findOr404(tx, Pipeline, id, 'Pipeline');
      pipeline.name = input.name.trim();
      return pipeline;
    });
  }

  async settings(em: EntityManager, organizationId: string): Promise<SalesSettings> {
    return (
      (await em.findOne(SalesSettings, { organization: organizationId })) ??
      new SalesSettings(em.getReference(Organization, organizationId))
    );
  }

  updateSettings(em: EntityManager, organizationId: string, input: SalesSettingsInput): Promise<SalesSettings> {
    return em.transactional(async (tx) => {
      const settings = await this.settings(tx, organizationId);
      if (input.stagnantDays !== undefined && input.stagnantDays !== null) settings.stagnantDays = input.stagnantDays;
      if (input.commitProbability !== undefined && input.commitProbability !== null)
        settings.commitProbability = input.commitProbability;
      tx.persist(settings);
      return settings;
    });
  }
}
