import {
  ArrayMaxSize,
  IsEnum,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IsCalendarDay } from '../../../lib/calendar-days';
import { ArgsType, Field, ID, InputType, Int } from 'type-graphql';
import { ListArgs, Paginated } from '../../../db/pagination';
import { MONEY, MONEY_MESSAGE } from '../../../lib/money';
import { Opportunity, OpportunityStatus } from './opportunity.entity';
import { OptionalId, OptionalMoney } from '../../../lib/input-fields';

export const OpportunityPage = Paginated(Opportunity);
export const MAX_OPPORTUNITY_LINES = 100;

@InputType()
export class OpportunityLineInput {
  @OptionalId('itemId', { description: 'An inventory item of your organization; or give a description' })
  itemId?: string | null;

  @Field(() => String, { nullable: true, description: 'Free text (required without itemId)' })
  @IsOptional()
  @MaxLength(500)
  description?: string | null;

  @Field(() => Int) @IsInt() @Min(1, { message: 'quantity must be 1 or more' }) @Max(100000) quantity: number;

  @Field({ description: 'Exact decimal string, e.g. "450.00"' })
  @Matches(MONEY, { message: `unitPrice ${MONEY_MESSAGE}` })
  unitPrice: string;
}

@InputType()
abstract class OpportunityFieldsInput {
  @OptionalId('contactId')
  contactId?: string | null;
  @OptionalId('customerId', { description: 'Its contact becomes the opportunity’s contact when contactId is absent' })
  customerId?: string | null;
  @OptionalId('companyId', { description: 'Default: the contact’s company' })
  companyId?: string | null;
  @OptionalId('ownerId', { description: 'A user of your organization; default on create: you' })
  ownerId?: string | null;

  @OptionalMoney('value', { description: 'Estimated value; default on create: the sum of the lines' })
  value?: string;

  @Field(() => Int, { nullable: true, description: '0-100; default: the stage’s probability' })
  @ValidateIf((o: OpportunityFieldsInput) => o.probability !== undefined && o.probability !== null) // null: the stage's default
  @IsInt()
  @Min(0, { message: 'probability must be 0-100' })
  @Max(100, { message: 'probability must be 0-100' })
  probability?: number;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' })
  @IsOptional()
  @IsCalendarDay()
  expectedCloseDate?: string | null;

  @Field(() => [OpportunityLineInput], { nullable: true, description: 'Replaces every line when given' })
  @IsOptional()
  @ArrayMaxSize(MAX_OPPORTUNITY_LINES)
  @ValidateNested({ each: true })
  lines?: OpportunityLineInput[];
}

/** contactId or customerId is required. Without stageId the deal starts in the first open stage of the default pipeline. */
@InputType()
export class OpportunityInput extends OpportunityFieldsInput {
  @Field() @IsNotEmpty({ message: 'name is required' }) @MaxLength(200) name: string;

  @OptionalId('stageId', { description: 'An open stage of one of your pipelines' })
  stageId?: string;
}

/** Stage moves go through moveOpportunityStage, never through an update. */
@InputType()
export class OpportunityUpdateInput extends OpportunityFieldsInput {
  @Field(() => String, { nullable: true })
  @ValidateIf((o: OpportunityUpdateInput) => o.name !== undefined)
  @IsNotEmpty({ message: 'name must not be empty' })
  @MaxLength(200)
  name?: string;
}

@InputType()
export class StageMoveInput {
  @Field(() => ID, { description: 'A stage of the opportunity’s pipeline' })
  @IsUUID('all', { message: 'stageId must be a UUID' })
  stageId: string;

  @Field(() => Int, {
    nullable: true,
    description: 'Open stages only; default the stage’s probability (won: 100, lost: 0)',
  })
  @ValidateIf((o: StageMoveInput) => o.probability !== undefined && o.probability !== null) // null: the stage's default
  @IsInt()
  @Min(0, { message: 'probability must be 0-100' })
  @Max(100, { message: 'probability must be 0-100' })
  probability?: number;

  @Field(() => String, { nullable: true, description: 'Required when the stage is a lost stage' })
  @IsOptional()
  @MaxLength(500)
  lostReason?: string;

  @Field(() => String, {
    nullable: true,
    description: 'Won with inventory lines: first rental day of the order (YYYY-MM-DD)',
  })
  @IsOptional()
  @IsCalendarDay()
  pickupDate?: string;

  @Field(() => String, { nullable: true, description: 'Won with inventory lines: last rental day, inclusive' })
  @IsOptional()
  @IsCalendarDay()
  returnDate?: string;
}

/**
 * sortBy: createdAt, updatedAt, name, value, probability, expectedCloseDate, stageEnteredAt.
 * search: opportunity name. startDate/endDate: expected close date range (inclusive).
 * status: open | won | lost; absent: open and won (lost ones are archived and appear only with status=lost).
 * probability: minimum win probability (probability >= the value).
 */
@ArgsType()
export class OpportunityListArgs extends ListArgs {
  @Field(() => OpportunityStatus, { nullable: true })
  @IsOptional()
  @IsEnum(OpportunityStatus)
  status?: OpportunityStatus;
  @OptionalId('ownerId')
  ownerId?: string;
  @OptionalId('stageId')
  stageId?: string;
  @OptionalId('pipelineId')
  pipelineId?: string;
  @OptionalId('contactId')
  contactId?: string;
  @OptionalId('customerId')
  customerId?: string;

  @Field(() => Int, {
    nullable: true,
    description: 'Minimum win probability: only opportunities with probability >= this (0-100)',
  })
  @IsOptional()
  @IsInt()
  @Min(0, { message: 'probability must be 0-100' })
  @Max(100, { message: 'probability must be 0-100' })
  probability?: number;
}
