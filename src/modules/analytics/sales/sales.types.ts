import { IsEnum } from 'class-validator';
import { ArgsType, Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { MoneyComparison, NumberComparison, PeriodArgs, RangeArgs, ReportRange } from '../shared/report.types';
import { OptionalId } from '../../../lib/input-fields';

export enum PipelineGroupBy {
  stage = 'stage',
  owner = 'owner',
}
registerEnumType(PipelineGroupBy, { name: 'PipelineGroupBy' });

export enum LeadConversionGroupBy {
  period = 'period',
  source = 'source',
}
registerEnumType(LeadConversionGroupBy, { name: 'LeadConversionGroupBy' });

@ArgsType()
export class PipelineArgs {
  @Field(() => PipelineGroupBy, { defaultValue: PipelineGroupBy.stage })
  @IsEnum(PipelineGroupBy)
  groupBy: PipelineGroupBy = PipelineGroupBy.stage;
  @OptionalId('pipelineId')
  pipelineId?: string;
}

@ObjectType({ description: 'Open deals of a stage or an owner, now' })
export class PipelineRow {
  @Field({ description: 'Stage id, or owner id ("unassigned")' }) key: string;
  @Field() label: string;
  @Field(() => Int) deals: number;
  @Field() value: string;
  @Field({ description: 'Σ value x probability / 100, each deal rounded to cents' }) weightedValue: string;
}

@ObjectType()
export class PipelineReport {
  @Field(() => PipelineGroupBy) groupBy: PipelineGroupBy;
  @Field(() => [PipelineRow]) rows: PipelineRow[];
  @Field(() => PipelineRow) totals: PipelineRow;
}

@ObjectType({ description: 'Deals of an owner closed (won or lost) in the range' })
export class WinRateRow {
  @Field() key: string;
  @Field() label: string;
  @Field(() => Int) won: number;
  @Field(() => Int) lost: number;
  @Field(() => Float, { nullable: true, description: 'won / (won + lost), percent' }) winRate: number | null;
  @Field() wonValue: string;
  @Field(() => Float, { nullable: true, description: 'Average days from creation to won' }) averageCycleDays:
    number | null;
}

@ObjectType()
export class WinRateTotals {
  @Field(() => NumberComparison) won: NumberComparison;
  @Field(() => NumberComparison) lost: NumberComparison;
  @Field(() => NumberComparison) winRate: NumberComparison;
  @Field(() => MoneyComparison) wonValue: MoneyComparison;
  @Field(() => NumberComparison) averageCycleDays: NumberComparison;
}

@ObjectType()
export class WinRateReport {
  @Field(() => ReportRange) range: ReportRange;
  @Field(() => [WinRateRow]) rows: WinRateRow[];
  @Field(() => WinRateTotals) totals: WinRateTotals;
}

@ArgsType()
export class StageDurationArgs extends RangeArgs {
  @OptionalId('pipelineId')
  pipelineId?: string;
}

@ObjectType({ description: 'Time deals spent in a stage: stays that ended in the range, and the open deals in it now' })
export class StageDurationRow {
  @Field(() => ID) stageId: string;
  @Field() stageName: string;
  @Field(() => ID) pipelineId: string;
  @Field(() => Int) position: number;
  @Field(() => Int, { description: 'Moves out of the stage in the range' }) exits: number;
  @Field(() => Float, { nullable: true }) averageDays: number | null;
  @Field(() => Float, { nullable: true }) medianDays: number | null;
  @Field(() => Int) openDeals: number;
  @Field(() => Float, { nullable: true, description: 'Average days the open deals have been in the stage so far' })
  averageDaysOpen: number | null;
}

@ObjectType()
export class StageDurationReport {
  @Field(() => ReportRange) range: ReportRange;
  @Field(() => [StageDurationRow]) rows: StageDurationRow[];
}

@ArgsType()
export class LeadConversionArgs extends PeriodArgs {
  @Field(() => LeadConversionGroupBy, { defaultValue: LeadConversionGroupBy.period })
  @IsEnum(LeadConversionGroupBy)
  groupBy: LeadConversionGroupBy = LeadConversionGroupBy.period;
}

@ObjectType({ description: 'Leads created in a bucket (or from a source) and what became of them' })
export class LeadConversionRow {
  @Field({ description: 'First day of the bucket, or the source' }) key: string;
  @Field() label: string;
  @Field(() => Int) leads: number;
  @Field(() => Int) converted: number;
  @Field(() => Int) lost: number;
  @Field(() => Float, { nullable: true, description: 'converted / leads, percent' }) conversionRate: number | null;
  @Field(() => Float, { nullable: true }) averageDaysToConvert: number | null;
}

@ObjectType()
export class LeadConversionTotals {
  @Field(() => NumberComparison) leads: NumberComparison;
  @Field(() => NumberComparison) converted: NumberComparison;
  @Field(() => NumberComparison) conversionRate: NumberComparison;
}

@ObjectType()
export class LeadConversionReport {
  @Field(() => ReportRange) range: ReportRange;
  @Field(() => LeadConversionGroupBy) groupBy: LeadConversionGroupBy;
  @Field(() => [LeadConversionRow]) rows: LeadConversionRow[];
  @Field(() => LeadConversionTotals) totals: LeadConversionTotals;
}

@ArgsType()
export class SalesForecastArgs extends RangeArgs {
  @OptionalId('pipelineId')
  pipelineId?: string;
  @OptionalId('ownerId')
  ownerId?: string;
}

@ObjectType({ description: 'One close month of the sales forecast (GET /api/forecast, docs/sales.md)' })
export class ForecastMonth {
  @Field({ description: '2026-07, or "unscheduled"' }) month: string;
  @Field() label: string;
  @Field(() => Int) openCount: number;
  @Field(() => Int) wonCount: number;
  @Field() pipelineValue: string;
  @Field() weightedValue: string;
  @Field() bestCase: string;
  @Field() commitCase: string;
  @Field() worstCase: string;
}

@ObjectType()
export class SalesForecastReport {
  @Field(() => Int) commitProbability: number;
  @Field(() => [ForecastMonth]) rows: ForecastMonth[];
  @Field(() => ForecastMonth) totals: ForecastMonth;
}
