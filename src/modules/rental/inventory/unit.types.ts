import {
  ArrayMaxSize,
  ArrayMinSize,
  IsEnum,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { ArgsType, Field, InputType, Int, ID } from 'type-graphql';
import { ListArgs, Paginated } from '../../../db/pagination';
import { InventoryUnit, MeterKind, UnitStatus } from './inventory-unit.entity';

export const InventoryUnitPage = Paginated(InventoryUnit);
/** Units one request may create (turning a bulk item into units). */
export const MAX_UNITS_PER_REQUEST = 500;
import { METER, METER_MESSAGE } from './inventory.types';

export { METER, METER_MESSAGE };

/** Optional fields of a unit, shared by create and update. Absent: unchanged; null: cleared. */
@InputType()
abstract class UnitFieldsInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(100, { message: 'serialNumber must be at most 100 characters' })
  serialNumber?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(100, { message: 'make must be at most 100 characters' })
  make?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(100, { message: 'model must be at most 100 characters' })
  model?: string | null;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt({ message: 'year must be an integer' })
  @Min(1900, { message: 'year must be 1900 or later' })
  @Max(2100, { message: 'year must be 2100 or earlier' })
  year?: number | null;

  @Field(() => MeterKind, { nullable: true, description: 'Default none' })
  @IsOptional()
  @IsEnum(MeterKind, { message: 'meterKind must be hours, miles or none' })
  meterKind?: MeterKind;

  @Field(() => String, { nullable: true, description: 'Current meter reading ("1234.5")' })
  @IsOptional()
  @Matches(METER, { message: `meterReading ${METER_MESSAGE}` })
  meterReading?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(2000, { message: 'notes must be at most 2000 characters' })
  notes?: string | null;
}

@InputType()
export class InventoryUnitInput extends UnitFieldsInput {
  @Field({ description: 'Unique per organization (409 when taken)' })
  @IsNotEmpty({ message: 'assetTag must not be empty' })
  @MaxLength(100, { message: 'assetTag must be at most 100 characters' })
  assetTag: string;
}

/** Status by hand: available, in_maintenance, awaiting_inspection or retired (on_rent and reserved come with orders). */
@InputType()
export class InventoryUnitUpdateInput extends UnitFieldsInput {
  @Field(() => String, { nullable: true })
  @ValidateIf((o: InventoryUnitUpdateInput) => o.assetTag !== undefined)
  @IsNotEmpty({ message: 'assetTag must not be empty' })
  @MaxLength(100, { message: 'assetTag must be at most 100 characters' })
  assetTag?: string;

  @Field(() => UnitStatus, { nullable: true })
  @ValidateIf((o: InventoryUnitUpdateInput) => o.status !== undefined)
  @IsIn([UnitStatus.available, UnitStatus.awaiting_inspection, UnitStatus.in_maintenance, UnitStatus.retired], {
    message: 'status may be set to available, awaiting_inspection, in_maintenance or retired',
  })
  status?: UnitStatus;
}

/** Turns a bulk item into units: every unit it owns, by asset tag; its bookings are kept. */
@InputType()
export class TrackByUnitInput {
  @Field(() => [InventoryUnitInput])
  @ArrayMinSize(1, { message: 'units must have at least one unit' })
  @ArrayMaxSize(MAX_UNITS_PER_REQUEST, { message: `units may have at most ${MAX_UNITS_PER_REQUEST} units` })
  @ValidateNested({ each: true })
  units: InventoryUnitInput[];
}

/** Every unit of the organization, or an item's. search: asset tag, serial number, make, model. sortBy: assetTag, status, createdAt, updatedAt. */
@ArgsType()
export class InventoryUnitListArgs extends ListArgs {
  @Field(() => ID, { nullable: true })
  @IsOptional()
  itemId?: string;

  @Field(() => UnitStatus, { nullable: true })
  @IsOptional()
  @IsEnum(UnitStatus, { message: 'status is not a unit status' })
  status?: UnitStatus;
}
