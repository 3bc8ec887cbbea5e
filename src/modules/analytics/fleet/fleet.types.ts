import { IsEnum, Max, Min } from 'class-validator';
import { ArgsType, Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { NumberComparison, RangeArgs, ReportRange } from '../shared/report.types';

export enum FleetGroupBy {
  item = 'item',
  category = 'category',
}
registerEnumType(FleetGroupBy, { name: 'FleetGroupBy' });

/** What "rented" counts (docs/analytics.md, "Booked or actual"). */
export enum UtilisationBasis {
  booked = 'booked',
  actual = 'actual',
  mixed = 'mixed',
}
registerEnumType(UtilisationBasis, {
  name: 'UtilisationBasis',
  description:
    'booked: days on order lines (items tracked in bulk); actual: units’ time out, check-out to check-in (items tracked by unit); mixed: a category with both',
});

@ArgsType()
export class UtilisationArgs extends RangeArgs {
  @Field(() => FleetGroupBy, { defaultValue: FleetGroupBy.category }) @IsEnum(FleetGroupBy) groupBy: FleetGroupBy =
    FleetGroupBy.category;
  @Field(() => Int, { defaultValue: 100, description: 'At most this many rows, most utilised first (1-500)' })
  @Min(1)
  @Max(500)
  limit: number = 100;
}

@ObjectType({
  description:
    'Unit-days rented over unit-days available (owned units x days, less maintenance holds and units out of service), for an item or a category of active items; rented days are booked days or, for items tracked by unit, actual time out (basis)',
})
export class UtilisationRow {
  @Field({ description: 'Item id or category name' }) key: string;
  @Field() label: string;
  @Field(() => ID, { nullable: true }) itemId: string | null;
  @Field(() => String, { nullable: true }) itemNumber: string | null;
  @Field() category: string;
  @Field(() => UtilisationBasis, { description: 'What rentedUnitDays counts: booked days or actual time out' })
  basis: UtilisationBasis;
  @Field(() => Int) units: number;
  @Field(() => Int) availableUnitDays: number;
  @Field(() => Int) rentedUnitDays: number;
  @Field(() => Float, { nullable: true, description: 'Percent, one decimal; null when nothing was available' })
  utilisation: number | null;
  @Field(() => Float, { nullable: true }) previousUtilisation: number | null;
  @Field(() => Float, { nullable: true, description: 'Points' }) utilisationChange: number | null;
  @Field({ description: 'Booked revenue of the range (order lines by order date, before tax)' }) revenue: string;
  @Field({ description: 'revenue / units' }) revenuePerUnit: string;
}

@ObjectType()
export class UtilisationTotals {
  @Field(() => NumberComparison) utilisation: NumberComparison;
  @Field(() => Int) units: number;
  @Field(() => Int) availableUnitDays: number;
  @Field(() => Int) rentedUnitDays: number;
  @Field() revenue: string;
  @Field() revenuePerUnit: string;
}

@ObjectType()
export class UtilisationReport {
  @Field(() => ReportRange) range: ReportRange;
  @Field(() => FleetGroupBy) groupBy: FleetGroupBy;
  @Field(() => [UtilisationRow]) rows: UtilisationRow[];
  @Field(() => UtilisationTotals) totals: UtilisationTotals;
}

@ArgsType()
export class IdleArgs extends RangeArgs {
  @Field(() => Int, { defaultValue: 100, description: 'At most this many items, longest idle first (1-500)' })
  @Min(1)
  @Max(500)
  limit: number = 100;
}

@ObjectType({ description: 'An active item with no unit rented on any day of the range' })
export class IdleItemRow {
  @Field(() => ID) itemId: string;
  @Field() itemNumber: string;
  @Field() name: string;
  @Field() category: string;
  @Field(() => Int) units: number;
  @Field(() => String, { nullable: true, description: 'Last return day before the range ends; null when never rented' })
  lastReturnDate: string | null;
  @Field(() => Int, { nullable: true, description: 'Days from lastReturnDate to the end of the range' }) daysIdle:
    number | null;
}

@ObjectType()
export class IdleItemsReport {
  @Field(() => ReportRange) range: ReportRange;
  @Field(() => [IdleItemRow]) rows: IdleItemRow[];
}

@ArgsType()
export class UpcomingArgs {
  @Field(() => Int, { defaultValue: 7, description: 'Days from today (local), 1-90' }) @Min(1) @Max(90) days: number =
    7;
}

@ObjectType({ description: 'Pickups and returns of pending orders on one local day' })
export class UpcomingDay {
  @Field() date: string;
  @Field(() => Int) pickups: number;
  @Field(() => Int) returns: number;
  @Field(() => Int) pickupUnits: number;
  @Field(() => Int) returnUnits: number;
}

@ObjectType()
export class UpcomingRental {
  @Field() date: string;
  @Field({ description: 'pickup | return' }) kind: string;
  @Field(() => ID) transactionId: string;
  @Field(() => ID) customerId: string;
  @Field() customerName: string;
  @Field(() => Int) units: number;
  @Field() total: string;
}

@ObjectType()
export class UpcomingRentals {
  @Field() from: string;
  @Field() to: string;
  @Field(() => [UpcomingDay]) rows: UpcomingDay[];
  @Field(() => [UpcomingRental]) rentals: UpcomingRental[];
}
