import { IsOptional, Max, Min } from 'class-validator';
import { ArgsType, Field, ID, Int, ObjectType } from 'type-graphql';
import { IsCalendarDay } from '../../../lib/calendar-days';
import { MoneyComparison, RangeArgs, ReportRange } from '../shared/report.types';

@ObjectType({
  description:
    'Revenue of one bucket. booked/earned: order subtotals before tax; invoiced/collected: invoice totals and payments, tax included',
})
export class RevenuePeriodRow {
  @Field({ description: 'First local day of the bucket' }) period: string;
  @Field() label: string;
  @Field({ description: 'Orders (not cancelled) by order date' }) booked: string;
  @Field({ description: 'Completed orders by the local day of completion' }) earned: string;
  @Field({ description: 'Invoices (not void) by issue date' }) invoiced: string;
  @Field({ description: 'Payments by payment date' }) collected: string;
}

@ObjectType()
export class RevenueTotals {
  @Field(() => MoneyComparison) booked: MoneyComparison;
  @Field(() => MoneyComparison) earned: MoneyComparison;
  @Field(() => MoneyComparison) invoiced: MoneyComparison;
  @Field(() => MoneyComparison) collected: MoneyComparison;
}

@ObjectType()
export class RevenueReport {
  @Field(() => ReportRange) range: ReportRange;
  @Field(() => [RevenuePeriodRow]) rows: RevenuePeriodRow[];
  @Field(() => RevenueTotals) totals: RevenueTotals;
}

@ArgsType()
export class BreakdownArgs extends RangeArgs {
  @Field(() => Int, { defaultValue: 50, description: 'At most this many rows, largest booked first (1-500)' })
  @Min(1)
  @Max(500)
  limit: number = 50;
}

@ObjectType({
  description:
    'Booked and earned revenue (order line amounts, before tax) of a category or an item, in the range and the previous one',
})
export class RevenueBreakdownRow {
  @Field({ description: 'Category name, or item id' }) key: string;
  @Field() label: string;
  @Field(() => ID, { nullable: true }) itemId: string | null;
  @Field(() => String, { nullable: true }) itemNumber: string | null;
  @Field(() => String, { nullable: true }) category: string | null;
  @Field() booked: string;
  @Field() earned: string;
  @Field() previousBooked: string;
  @Field() previousEarned: string;
  @Field(() => MoneyComparison) bookedChange: MoneyComparison;
}

@ObjectType()
export class RevenueBreakdown {
  @Field(() => ReportRange) range: ReportRange;
  @Field(() => [RevenueBreakdownRow]) rows: RevenueBreakdownRow[];
}

@ArgsType()
export class AgeingArgs {
  @Field({ nullable: true, description: 'Age the receivables as of this local day (default today)' })
  @IsOptional()
  @IsCalendarDay()
  asOf?: string;
}

@ObjectType({ description: 'Outstanding balances of sent invoices by days past their due date' })
export class AgeingBucket {
  @Field({ description: 'current | 1-30 | 31-60 | 61-90 | 90+' }) bucket: string;
  @Field() label: string;
  @Field(() => Int) invoices: number;
  @Field() amount: string;
}

@ObjectType()
export class ReceivablesAgeing {
  @Field() asOf: string;
  @Field(() => [AgeingBucket]) rows: AgeingBucket[];
  @Field() outstanding: string;
  @Field() overdue: string;
}
