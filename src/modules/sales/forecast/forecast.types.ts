import { IsEnum, IsOptional } from 'class-validator';
import { IsCalendarDay } from '../../../lib/calendar-days';
import { ArgsType, Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { OptionalId } from '../../../lib/input-fields';

export enum ForecastGroupBy {
  month = 'month',
  quarter = 'quarter',
  owner = 'owner',
  stage = 'stage',
}
registerEnumType(ForecastGroupBy, {
  name: 'ForecastGroupBy',
  description: 'month or quarter of the close date, owner, or stage',
});

/** Filters: close-date range (expected close date of open deals, actual close date of won ones), pipeline, owner. */
@ArgsType()
export class ForecastArgs {
  @Field(() => ForecastGroupBy, { defaultValue: ForecastGroupBy.month })
  @IsEnum(ForecastGroupBy)
  groupBy: ForecastGroupBy = ForecastGroupBy.month;
  @Field({ nullable: true, description: 'Close date on or after (YYYY-MM-DD)' })
  @IsOptional()
  @IsCalendarDay()
  startDate?: string;
  @Field({ nullable: true, description: 'Close date on or before (YYYY-MM-DD, inclusive)' })
  @IsOptional()
  @IsCalendarDay()
  endDate?: string;
  @OptionalId('pipelineId')
  pipelineId?: string;
  @OptionalId('ownerId')
  ownerId?: string;
}

/** One group of the forecast (or the totals). Amounts are exact decimal strings. */
@ObjectType()
export class ForecastRow {
  @Field({ description: '2026-07 / 2026-Q3 / user id / stage id; "unscheduled" or "unassigned" when absent' })
  key: string;
  @Field() label: string;
  @Field(() => Int) openCount: number;
  @Field(() => Int) wonCount: number;
  @Field({ description: 'Sum of the values of the open deals' }) pipelineValue: string;
  @Field({
    description: 'Sum over open and won deals of value x probability / 100 (each rounded to cents; won = 100 %)',
  })
  weightedValue: string;
  @Field({ description: 'Won + every open deal' }) bestCase: string;
  @Field({ description: 'Won + open deals with probability >= commitProbability' }) commitCase: string;
  @Field({ description: 'Won only' }) worstCase: string;
}

@ObjectType()
export class Forecast {
  @Field(() => ForecastGroupBy) groupBy: ForecastGroupBy;
  @Field(() => Int, { description: 'The organization’s sales setting used for the commit case' })
  commitProbability: number;
  @Field(() => [ForecastRow]) rows: ForecastRow[];
  @Field(() => ForecastRow, { description: 'The sum of the rows' }) totals: ForecastRow;
}
