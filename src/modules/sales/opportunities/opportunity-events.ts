import type { PipelineStage } from '../pipelines/pipeline-stage.entity';
import type { Opportunity } from './opportunity.entity';

/**
 * The opportunity.created payload (docs/events.md): `source` is `manual` for a user's create, else the kind of
 * conversation an AI-made opportunity came from (email, call, meeting, sms, voice_memo) with its `sourceId`.
 */
export function createdEvent(
  opp: Opportunity,
  stage: PipelineStage,
  createdBy: string | null,
): Record<string, unknown> {
  return {
    id: opp.id,
    name: opp.name,
    contactId: opp.contactId,
    customerId: opp.customerId,
    stageId: stage.id,
    stage: stage.name,
    value: opp.value,
    probability: opp.probability,
    expectedCloseDate: opp.expectedCloseDate,
    ownerId: opp.ownerId,
    createdBy,
    isAiGenerated: opp.isAiGenerated,
    source: opp.aiSource ?? 'manual',
    sourceId: opp.aiSourceId,
  };
}
