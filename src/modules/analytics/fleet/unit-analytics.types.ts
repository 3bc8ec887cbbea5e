import { IsOptional, Max, Min } from 'class-validator';
import { ArgsType, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { UnitStatus } from '../../rental/inventory/inventory-unit.entity';
import { NumberComparison, RangeArgs, ReportRange } from '../shared/report.types';

@ArgsType()
export class UnitUtilisationArgs extends RangeArgs {
  @Field(() => ID, { nullable: true, description: 'Only the units of this item' }) @IsOptional() itemId?: string;
  @Field(() => Int, { defaultValue: 100, description: 'At most this many units, most utilised first (1-500)' })
  @Min(1)
  @Max(500)
  limit: number = 100;
}

@ObjectType({
  description:
    'One unit over the range: its actual days out (check-out to check-in), its downtime, utilisation and attributed revenue',
})
export class UnitUtilisationRow {
  @Field(() => ID) unitId: string;
  @Field() assetTag: string;
  @Field(() => ID) itemId: string;
  @Field() itemNumber: string;
  @Field() itemName: string;
  @Field(() => UnitStatus, { description: 'Its status now' }) status: UnitStatus;
  @Field(() => Int, { description: 'Days of the range from the unit’s creation on, less days retired' })
  ownedDays: number;
  @Field(() => Int, { description: 'Days awaiting inspection or in maintenance' }) downtimeDays: number;
  @Field(() => Int, { description: 'ownedDays - downtimeDays' }) availableDays: number;
  @Field(() => Int, { description: 'Days out on rent: check-out day through the day it came back (today while out)' })
  daysOut: number;
  @Field(() => Float, { nullable: true, description: 'daysOut / availableDays, percent with one decimal' })
  utilisation: number | null;
  @Field(() => Float, { nullable: true }) previousUtilisation: number | null;
  @Field(() => Int, { description: 'Transactions it was out on during the range' }) rentals: number;
  @Field({
    description:
      'Its share of the amounts of the lines it went out on, by days out: line amount x its days out in the range / all units’ days out on the line',
  })
  revenue: string;
  @Field(() => String, {
    nullable: true,
    description: 'Meter run (meter in - meter out) of the rentals that came back in the range; null without readings',
  })
  meterRun: string | null;
}

@ObjectType()
export class UnitUtilisationTotals {
  @Field(() => NumberComparison) utilisation: NumberComparison;
  @Field(() => Int) units: number;
  @Field(() => Int) ownedDays: number;
  @Field(() => Int) downtimeDays: number;
  @Field(() => Int) availableDays: number;
  @Field(() => Int) daysOut: number;
  @Field() revenue: string;
}

@ObjectType()
export class UnitUtilisationReport {
  @Field(() => ReportRange) range: ReportRange;
  @Field(() => [UnitUtilisationRow]) rows: UnitUtilisationRow[];
  @Field(() => UnitUtilisationTotals) totals: UnitUtilisationTotals;
}

@ObjectType({ description: 'A unit’s whole life on record, to today (docs/analytics.md, "A unit’s lifetime")' })
export class InventoryUnitLifetime {
  @Field(() => ID) unitId: string;
  @Field() assetTag: string;
  @Field(() => ID) itemId: string;
  @Field({ description: 'hours, miles or none' }) meterKind: string;
  @Field(() => String, { nullable: true }) meterReading: string | null;
  @Field({ description: 'Σ (meter in - meter out) over its rentals back with both readings' }) meterRun: string;
  @Field(() => Int, { description: 'Transactions it went out on' }) rentals: number;
  @Field(() => Int, { description: 'Days out on rent, check-out day through the day back (today while out)' })
  daysOnRent: number;
  @Field(() => Int, { description: 'Times it went awaiting inspection or into maintenance' }) maintenanceCount: number;
  @Field(() => Int, { description: 'Days awaiting inspection or in maintenance' }) maintenanceDays: number;
  @Field({ description: 'Revenue attributed to it (its share of its lines by days out), before tax' }) revenue: string;
  @Field(() => String, { nullable: true, description: 'Local day of its first check-out' })
  firstCheckedOut: string | null;
  @Field(() => String, { nullable: true, description: 'Day it last came back' }) lastReturned: string | null;
}
