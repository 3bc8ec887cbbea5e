import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { Task } from '../../sales/tasks/task.entity';

/** A figure and the evidence it stands on. */
@ObjectType()
export class EvidencedAmount {
  @Field({ description: 'Exact decimal string' }) value: string;
  @Field() evidence: string;
}

@ObjectType()
export class EvidencedProbability {
  @Field(() => Int, { description: '0-100 percent' }) value: number;
  @Field({ description: 'history: the stage win rate of closed deals; stage: the stage (or rep) probability' })
  source: string;
  @Field() evidence: string;
}

@ObjectType()
export class EvidencedDate {
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD; null when nothing gives a date' })
  value: string | null;
  @Field() evidence: string;
}

@ObjectType()
export class RecommendedAction {
  @Field() action: string;
  @Field() evidence: string;
}

/** The organization's history behind the figures: closed deals, and the deal's current stage among them. */
@ObjectType()
export class DealHistoryEvidence {
  @Field(() => Int) closedDeals: number;
  @Field(() => Int) wonDeals: number;
  @Field(() => Int, { description: 'Closed deals that reached the current stage' }) stageDeals: number;
  @Field(() => Int) stageWonDeals: number;
  @Field(() => Float, { nullable: true, description: '0..1' }) stageWinRate: number | null;
  @Field(() => Float, { nullable: true }) medianDaysInStage: number | null;
  @Field(() => Float, { nullable: true, description: 'Won deals: median days from entering the stage to the close' })
  medianDaysToClose: number | null;
  @Field(() => Float, { nullable: true, description: 'Median final amount / estimate of won deals' })
  amountRatio: number | null;
  @Field(() => Int) amountSamples: number;
}

/** GET /api/opportunities/:id/ai-insights (spec): every figure with its evidence (docs/ai.md, "Deal insights"). */
@ObjectType()
export class OpportunityInsights {
  @Field(() => ID) opportunityId: string;
  @Field({ description: 'The day the insights are for (YYYY-MM-DD, UTC)' }) asOf: string;
  @Field({ description: 'false: fewer than 5 closed deals; the stage probability, estimate and own date stand' })
  sufficientHistory: boolean;
  @Field(() => String, { nullable: true }) note: string | null;
  @Field(() => EvidencedAmount) likelyCloseAmount: EvidencedAmount;
  @Field(() => EvidencedProbability) winProbability: EvidencedProbability;
  @Field(() => EvidencedDate, { description: 'Expected timeline: the likely close date' })
  expectedCloseDate: EvidencedDate;
  @Field(() => Int, { nullable: true, description: 'Days from today to the expected close date' })
  expectedDaysToClose: number | null;
  @Field(() => [RecommendedAction]) recommendedActions: RecommendedAction[];
  @Field(() => DealHistoryEvidence) history: DealHistoryEvidence;
}

/** POST /api/opportunities/:id/generate-tasks: the deal's AI next-step tasks (new and already generated). */
@ObjectType()
export class GeneratedTasks {
  @Field(() => [Task]) tasks: Task[];
}
