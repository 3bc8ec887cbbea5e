import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';

/** Lead score bands (spec): 6-7 hot, 4-5 warm, 2-3 cold, 0-1 poor fit. */
export enum LeadScoreBand {
  hot = 'hot',
  warm = 'warm',
  cold = 'cold',
  poor_fit = 'poor_fit',
}
registerEnumType(LeadScoreBand, { name: 'LeadScoreBand', description: 'hot 6-7, warm 4-5, cold 2-3, poor_fit 0-1' });

/** One signal of a lead's score: its points (of max) and why (docs/ai.md, "Lead scoring 0-7"). */
@ObjectType('LeadScoreSignal')
export class LeadScoreSignal {
  @Field({ description: 'rating, reviews, website, contact or keywords' }) signal: string;
  @Field(() => Int) points: number;
  @Field(() => Int) max: number;
  @Field() reason: string;
}
