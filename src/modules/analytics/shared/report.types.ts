import Decimal from 'decimal.js';
import { IsEnum, IsOptional } from 'class-validator';
import { ArgsType, Field, Float, Int, ObjectType, registerEnumType } from 'type-graphql';
import { IsCalendarDay } from '../../../lib/calendar-days';
import { formatMoney } from '../../../lib/money';
import type { Period } from './report-window';

export enum ReportPeriod {
  day = 'day',
  week = 'week',
  month = 'month',
  quarter = 'quarter',
}
registerEnumType(ReportPeriod, {
  name: 'ReportPeriod',
  description: 'Bucket of a time series, in the organization’s timezone (weeks start on Monday)',
});

/** A date range in the organization's local calendar days; absent ends take the report's defaults. */
@ArgsType()
export class RangeArgs {
  @Field({ nullable: true, description: 'First local day (YYYY-MM-DD); default: see docs/analytics.md' })
  @IsOptional()
  @IsCalendarDay()
  startDate?: string;
  @Field({
    nullable: true,
    description: 'Last local day, inclusive (YYYY-MM-DD); default: today in the organization’s timezone',
  })
  @IsOptional()
  @IsCalendarDay()
  endDate?: string;
}

/** A range cut into buckets. */
@ArgsType()
export class PeriodArgs extends RangeArgs {
  @Field(() => ReportPeriod, { defaultValue: ReportPeriod.month }) @IsEnum(ReportPeriod) period: ReportPeriod =
    ReportPeriod.month;
}

@ObjectType({
  description:
    'The range a report covers and the previous range of equal length it is compared with (local days, inclusive)',
})
export class ReportRange {
  @Field() startDate: string;
  @Field() endDate: string;
  @Field() previousStartDate: string;
  @Field() previousEndDate: string;
  @Field(() => Int) days: number;
  @Field(() => ReportPeriod) period: Period;
  @Field({ description: 'IANA timezone of the organization (UTC when unset)' }) timezone: string;
}

@ObjectType({ description: 'An amount in the range and in the previous range (exact decimal strings)' })
export class MoneyComparison {
  @Field() current: string;
  @Field() previous: string;
  @Field() change: string;
  @Field(() => Float, { nullable: true, description: 'Change in percent of the previous amount; null when that is 0' })
  changePercent: number | null;
}

@ObjectType({
  description: 'A count or a percentage in the range and in the previous range (change of a percentage is in points)',
})
export class NumberComparison {
  @Field(() => Float, { nullable: true }) current: number | null;
  @Field(() => Float, { nullable: true }) previous: number | null;
  @Field(() => Float, { nullable: true }) change: number | null;
  @Field(() => Float, {
    nullable: true,
    description: 'Change in percent of the previous value; null when that is 0 or absent',
  })
  changePercent: number | null;
}

const percentOf = (change: Decimal, previous: Decimal): number | null =>
  previous.isZero() ? null : change.div(previous.abs()).times(100).toDecimalPlaces(1).toNumber();

export function compareMoney(current: Decimal.Value, previous: Decimal.Value): MoneyComparison {
  const change = new Decimal(current).minus(previous);
  return {
    current: formatMoney(current),
    previous: formatMoney(previous),
    change: formatMoney(change),
    changePercent: percentOf(change, new Decimal(previous)),
  };
}

export function compareNumber(current: number | null, previous: number | null): NumberComparison {
  if (current === null || previous === null) return { current, previous, change: null, changePercent: null };
  const change = new Decimal(current).minus(previous);
  return {
    current,
    previous,
    change: change.toDecimalPlaces(4).toNumber(),
    changePercent: percentOf(change, new Decimal(previous)),
  };
}
