import { IsInt, Max, Min } from 'class-validator';
import { ArgsType, Field, Int, ObjectType } from 'type-graphql';
import { LIMIT_DEFAULT, LIMIT_MAX, PAGE_DEFAULT, Paginated } from '../../../db/pagination';
import { Opportunity } from './opportunity.entity';
import { OptionalId } from '../../../lib/input-fields';

@ObjectType()
export class StagnantOpportunity {
  @Field(() => Opportunity) opportunity: Opportunity;
  @Field(() => Int, { description: 'Whole days in the current stage' }) daysInStage: number;
  @Field(() => Int, { description: 'The threshold that applies: the stage’s, else the organization default' })
  thresholdDays: number;
}

export const StagnantOpportunityPage = Paginated(StagnantOpportunity);

@ArgsType()
export class StagnantArgs {
  @Field(() => Int, { defaultValue: PAGE_DEFAULT })
  @IsInt()
  @Min(1, { message: 'page must be 1 or more' })
  page: number = PAGE_DEFAULT;
  @Field(() => Int, { defaultValue: LIMIT_DEFAULT })
  @IsInt()
  @Min(1, { message: 'limit must be 1 or more' })
  @Max(LIMIT_MAX, { message: `limit must not be greater than ${LIMIT_MAX}` })
  limit: number = LIMIT_DEFAULT;
  @OptionalId('ownerId')
  ownerId?: string;
  @OptionalId('stageId')
  stageId?: string;
}
