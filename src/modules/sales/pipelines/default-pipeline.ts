import type { EntityManager } from '@mikro-orm/postgresql';
import { firstWriterWins } from '../../../db/first-writer-wins';
import { Organization } from '../../accounts/organizations/organization.entity';
import { Pipeline } from './pipeline.entity';
import { PipelineStage } from './pipeline-stage.entity';
import type { StageInput } from './pipeline.types';

/** The stages every organization starts with (docs/sales.md). */
export const STANDARD_STAGES: StageInput[] = [
  { name: 'Prospecting', probability: 10 },
  { name: 'Qualified', probability: 25 },
  { name: 'Proposal', probability: 50 },
  { name: 'Negotiation', probability: 75 },
  { name: 'Won', probability: 100, isWon: true },
  { name: 'Lost', probability: 0, isLost: true },
];

export function buildStages(tx: EntityManager, pipeline: Pipeline, stages: StageInput[]): PipelineStage[] {
  const org = pipeline.organization;
  return stages.map((s, position) => {
    const stage = new PipelineStage(org, pipeline, { ...s, position });
    stage.stagnantDays = s.stagnantDays ?? null;
    tx.persist(stage);
    return stage;
  });
}

/**
 * The organization's default pipeline, created with the standard stages the first time anything asks for
 * it (every organization "has" one from its start). Two first requests at once: the partial unique index
 * lets one insert win; the other reads the winner's.
 */
export async function defaultPipeline(em: EntityManager, organizationId: string): Promise<Pipeline> {
  const found = await em.findOne(Pipeline, { isDefault: true });
  if (found) return found;
  await firstWriterWins(() =>
    em.transactional(async (tx) => {
      const pipeline = new Pipeline(tx.getReference(Organization, organizationId), 'Sales', true);
      tx.persist(pipeline);
      buildStages(tx, pipeline, STANDARD_STAGES);
    }),
  );
  return em.findOneOrFail(Pipeline, { isDefault: true }, { refresh: true });
}
