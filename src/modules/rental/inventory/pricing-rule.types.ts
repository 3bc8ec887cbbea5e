import { OptionalMoney } from '../../../lib/input-fields';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsBoolean,
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
import { ArgsType, Field, ID, InputType, Int } from 'type-graphql';
import { ListArgs, Paginated } from '../../../db/pagination';
import { IsCalendarDay } from '../../../lib/calendar-days';
import { PricingRule } from './pricing-rule.entity';
import { PricingRuleKind } from './pricing-rules';
import { MAX_RENTAL_DAYS } from './quote.types';

export const PricingRulePage = Paginated(PricingRule);
/** A multiplier: a decimal string with at most 3 decimals ("0.5", "1.25"); more than 0 and at most 10 (service). */
export const MULTIPLIER = /^\d{1,3}(\.\d{1,3})?$/;
/** A percent: at most 2 decimals, more than 0 and at most 100 (service). */
export const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;
export const MAX_TIERS = 10;

@InputType()
export class VolumeTierInput {
  @Field(() => Int)
  @IsInt({ message: 'minQuantity must be an integer' })
  @Min(2, { message: 'minQuantity must be 2 or more' })
  @Max(1_000_000)
  minQuantity: number;

  @Field({ description: 'Percent off, e.g. "10"' })
  @Matches(PERCENT, { message: 'percent must be a decimal string with at most 2 decimals, e.g. "12.5"' })
  percent: string;
}

/** The fields of every kind (a kind uses some; the others must be absent or null). Absent: unchanged on update. */
@InputType()
abstract class PricingRuleFields {
  @Field(() => Boolean, { nullable: true, description: 'Default true; an inactive rule prices nothing' })
  @IsOptional()
  @IsBoolean()
  active?: boolean | null;

  @Field(() => ID, { nullable: true, description: 'Scope: one item of your organization' })
  @IsOptional()
  @IsUUID('all', { message: 'itemId must be a UUID' })
  itemId?: string | null;

  @Field(() => String, { nullable: true, description: 'Scope: the items of one category (neither: every item)' })
  @IsOptional()
  @IsNotEmpty({ message: 'category must not be empty' })
  @MaxLength(100, { message: 'category must be at most 100 characters' })
  category?: string | null;

  @Field(() => ID, { nullable: true, description: 'rate_card, customer_discount: the customer' })
  @IsOptional()
  @IsUUID('all', { message: 'customerId must be a UUID' })
  customerId?: string | null;

  @Field(() => String, { nullable: true, description: 'weekend, season: e.g. "0.5", "1.25" (0 < m <= 10)' })
  @IsOptional()
  @Matches(MULTIPLIER, { message: 'multiplier must be a decimal string with at most 3 decimals, e.g. "1.25"' })
  multiplier?: string | null;

  @OptionalMoney('dayRate', { description: 'weekend: a fixed rate per Saturday or Sunday day' })
  dayRate?: string | null;

  @Field(() => String, { nullable: true, description: 'season: first day (YYYY-MM-DD)' })
  @IsOptional()
  @IsCalendarDay()
  startDate?: string | null;

  @Field(() => String, { nullable: true, description: 'season: last day, inclusive' })
  @IsOptional()
  @IsCalendarDay()
  endDate?: string | null;

  @Field(() => Int, { nullable: true, description: `minimum_period: 2 to ${MAX_RENTAL_DAYS} days` })
  @IsOptional()
  @IsInt({ message: 'minimumDays must be an integer' })
  @Min(2, { message: 'minimumDays must be 2 or more' })
  @Max(MAX_RENTAL_DAYS, { message: `minimumDays must be at most ${MAX_RENTAL_DAYS}` })
  minimumDays?: number | null;

  @OptionalMoney('dailyRate', { description: 'rate_card: daily rate (required for a rate card)' })
  dailyRate?: string | null;

  @OptionalMoney('weeklyRate', { description: 'rate_card: weekly rate; null: the item’s' })
  weeklyRate?: string | null;

  @OptionalMoney('monthlyRate', { description: 'rate_card: monthly rate; null: the item’s' })
  monthlyRate?: string | null;

  @Field(() => String, { nullable: true, description: 'customer_discount: percent off (0 < p <= 100)' })
  @IsOptional()
  @Matches(PERCENT, { message: 'percent must be a decimal string with at most 2 decimals, e.g. "12.5"' })
  percent?: string | null;

  @Field(() => [VolumeTierInput], { nullable: true, description: 'volume_discount: 1 to 10 quantity thresholds' })
  @IsOptional()
  @ArrayMinSize(1, { message: 'tiers must have at least one tier' })
  @ArrayMaxSize(MAX_TIERS, { message: `tiers may have at most ${MAX_TIERS} tiers` })
  @ValidateNested({ each: true })
  tiers?: VolumeTierInput[] | null;
}

@InputType()
export class PricingRuleInput extends PricingRuleFields {
  @Field()
  @IsNotEmpty({ message: 'name is required' })
  @MaxLength(200, { message: 'name must be at most 200 characters' })
  name: string;

  @Field(() => PricingRuleKind)
  @IsEnum(PricingRuleKind, { message: `kind must be one of ${Object.values(PricingRuleKind).join(', ')}` })
  kind: PricingRuleKind;
}

/** The kind of a rule stays (define another rule instead); every other field may change. */
@InputType()
export class PricingRuleUpdateInput extends PricingRuleFields {
  @Field(() => String, { nullable: true })
  @ValidateIf((o: PricingRuleUpdateInput) => o.name !== undefined)
  @IsNotEmpty({ message: 'name must not be empty' })
  @MaxLength(200, { message: 'name must be at most 200 characters' })
  name?: string;
}

/** sortBy: name (default), kind, startDate, createdAt, updatedAt. search: name, category. */
@ArgsType()
export class PricingRuleListArgs extends ListArgs {
  @Field(() => PricingRuleKind, { nullable: true })
  @IsOptional()
  @IsEnum(PricingRuleKind, { message: `kind must be one of ${Object.values(PricingRuleKind).join(', ')}` })
  kind?: PricingRuleKind;

  @Field(() => ID, { nullable: true, description: 'Only the rules scoped to this item' })
  @IsOptional()
  @IsUUID('all', { message: 'itemId must be a UUID' })
  itemId?: string;

  @Field(() => ID, { nullable: true, description: 'Only this customer’s rules' })
  @IsOptional()
  @IsUUID('all', { message: 'customerId must be a UUID' })
  customerId?: string;

  @Field(() => Boolean, { nullable: true })
  @IsOptional()
  @IsBoolean()
  active?: boolean;
}
