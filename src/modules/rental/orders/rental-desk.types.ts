import { OptionalMoney } from '../../../lib/input-fields';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsBoolean,
  IsEnum,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsUrl,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { MAX_QUANTITY } from '../inventory/inventory.types';
import { METER, METER_MESSAGE } from '../inventory/unit.types';
import { RentalOrder } from './rental-order.entity';
import { MAX_LINES, RentalOrderLineInput } from './rental-order.types';
import { ReturnCondition } from './rental-return.entity';
import { MONEY, MONEY_MESSAGE } from '../../../lib/money';
import { CheckResultInput, ChecklistField } from './inspection-results';
import { OrderChoicesInput } from './billing/order-choices.types';
import { CREDIT_OVERRIDE_DESCRIPTION } from './rental-order.types';

const MAX_PHOTOS = 20;

/** While reserved: new dates, new lines (replacing all of them), notes. Absent: unchanged. */
@InputType('TransactionUpdateInput')
export class RentalOrderUpdateInput extends OrderChoicesInput {
  @Field(() => String, { nullable: true, description: 'First rental day (YYYY-MM-DD)' })
  pickupDate?: string;

  @Field(() => String, { nullable: true, description: 'Last rental day, inclusive (YYYY-MM-DD)' })
  returnDate?: string;

  @Field(() => [RentalOrderLineInput], { nullable: true, description: 'Replaces every line; re-priced' })
  @IsOptional()
  @ArrayMinSize(1, { message: 'lines must have at least one line' })
  @ArrayMaxSize(MAX_LINES, { message: `lines may have at most ${MAX_LINES} lines` })
  @ValidateNested({ each: true })
  lines?: RentalOrderLineInput[];

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(2000)
  notes?: string | null;
}

@InputType('CheckOutUnitInput')
export class CheckOutUnitInput {
  @Field({ description: 'Scanned asset tag of a unit of the line’s item' })
  @IsNotEmpty({ message: 'assetTag must not be empty' })
  @MaxLength(100)
  assetTag: string;

  @Field(() => String, { nullable: true, description: 'Meter reading out; becomes the unit’s reading' })
  @IsOptional()
  @Matches(METER, { message: `meterOut ${METER_MESSAGE}` })
  meterOut?: string | null;

  @ChecklistField(
    'The pre-hire checklist of the item’s category: every item once (required when one is defined); a failed item keeps this unit in (409)',
  )
  checklist?: CheckResultInput[] | null;
}

@InputType('CheckOutLineInput')
export class CheckOutLineInput {
  @Field(() => ID)
  @IsUUID('all', { message: 'lineId must be a UUID' })
  lineId: string;

  @Field(() => [CheckOutUnitInput], {
    nullable: true,
    description: 'Items tracked by unit: exactly the line’s quantity of units; bulk items: absent',
  })
  @IsOptional()
  @ArrayMaxSize(MAX_QUANTITY)
  @ValidateNested({ each: true })
  units?: CheckOutUnitInput[];

  @ChecklistField('Bulk lines: the pre-hire checklist for the quantity (required when one is defined)')
  checklist?: CheckResultInput[] | null;
}

@InputType('CheckOutInput')
export class CheckOutInput {
  @Field({ description: 'Who takes the equipment (the customer’s person, driver)' })
  @IsNotEmpty({ message: 'releasedTo must not be empty' })
  @MaxLength(200)
  releasedTo: string;

  @Field({ description: 'The pre-hire checklist passed; false is refused (409)' })
  @IsBoolean({ message: 'checklistPassed must be true or false' })
  checklistPassed: boolean;

  @Field(() => [CheckOutLineInput], { description: 'Lines handed out now (each line whole)' })
  @ArrayMinSize(1, { message: 'lines must have at least one line' })
  @ArrayMaxSize(MAX_LINES)
  @ValidateNested({ each: true })
  lines: CheckOutLineInput[];
}

@InputType('CheckInReturnInput')
export class CheckInReturnInput {
  @Field(() => ID)
  @IsUUID('all', { message: 'lineId must be a UUID' })
  lineId: string;

  @Field(() => String, { nullable: true, description: 'Items tracked by unit: the unit coming back' })
  @ValidateIf((o: CheckInReturnInput) => o.assetTag !== undefined && o.assetTag !== null)
  @IsNotEmpty({ message: 'assetTag must not be empty' })
  @MaxLength(100)
  assetTag?: string | null;

  @Field(() => Int, { nullable: true, description: 'Bulk items: how many come back (part of the line)' })
  @ValidateIf((o: CheckInReturnInput) => o.quantity !== undefined && o.quantity !== null)
  @IsInt()
  @Min(1, { message: 'quantity must be 1 or more' })
  @Max(MAX_QUANTITY)
  quantity?: number | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(METER, { message: `meterIn ${METER_MESSAGE}` })
  meterIn?: string | null;

  @Field(() => ReturnCondition)
  @IsEnum(ReturnCondition, { message: 'condition must be good, dirty or damaged' })
  condition: ReturnCondition;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(2000)
  damageNotes?: string | null;

  @Field(() => [String], { nullable: true, description: 'Photo references (http/https URLs)' })
  @IsOptional()
  @ArrayMaxSize(MAX_PHOTOS)
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true },
    { each: true, message: 'photoUrls must be http(s) URLs' },
  )
  @MaxLength(1000, { each: true })
  photoUrls?: string[] | null;

  @Field(() => Boolean, { nullable: true, description: 'The post-hire checklist passed' })
  @IsOptional()
  @IsBoolean()
  checklistPassed?: boolean | null;

  @ChecklistField(
    'The post-hire checklist of the item’s category: every item once (required when one is defined); a failed item marked damage counts as damage',
  )
  checklist?: CheckResultInput[] | null;

  @Field(() => String, {
    nullable: true,
    description: 'Damage found: the draft damage charge’s amount (default 0.00, to be priced)',
  })
  @IsOptional()
  @Matches(MONEY, { message: `damageCharge ${MONEY_MESSAGE}` })
  damageCharge?: string | null;

  @OptionalMoney('fuelCharge', { description: 'Refuelling: a draft fuel charge of this amount' })
  fuelCharge?: string | null;

  @OptionalMoney('cleaningCharge', { description: 'Cleaning: a draft cleaning charge of this amount' })
  cleaningCharge?: string | null;
}

@InputType('CheckInInput')
export class CheckInInput {
  @Field(() => String, { nullable: true, description: 'The day it came back (YYYY-MM-DD); default today (UTC)' })
  returnedOn?: string | null;

  @Field(() => [CheckInReturnInput])
  @ArrayMinSize(1, { message: 'returns must have at least one entry' })
  @ArrayMaxSize(MAX_QUANTITY)
  @ValidateNested({ each: true })
  returns: CheckInReturnInput[];
}

@InputType('ExtendInput')
export class ExtendInput {
  @Field({ description: 'The new last rental day, after the current one (YYYY-MM-DD)' })
  returnDate: string;

  @Field(() => String, { nullable: true, description: CREDIT_OVERRIDE_DESCRIPTION })
  @IsOptional()
  @MaxLength(400)
  creditOverrideReason?: string | null;
}

@InputType('SwapInput')
export class SwapInput {
  @Field(() => ID)
  @IsUUID('all', { message: 'lineId must be a UUID' })
  lineId: string;

  @Field({ description: 'The unit coming back (on rent on this line)' })
  @IsNotEmpty({ message: 'returnAssetTag must not be empty' })
  @MaxLength(100)
  returnAssetTag: string;

  @Field({ description: 'The unit going out instead (same item, available)' })
  @IsNotEmpty({ message: 'newAssetTag must not be empty' })
  @MaxLength(100)
  newAssetTag: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(METER, { message: `meterIn ${METER_MESSAGE}` })
  meterIn?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(METER, { message: `meterOut ${METER_MESSAGE}` })
  meterOut?: string | null;

  @ChecklistField('The pre-hire checklist for the unit going out (required when one is defined; a failed item: 409)')
  checklist?: CheckResultInput[] | null;

  @Field(() => ReturnCondition, { description: 'Of the unit coming back' })
  @IsEnum(ReturnCondition, { message: 'condition must be good, dirty or damaged' })
  condition: ReturnCondition;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(2000)
  damageNotes?: string | null;
}

/** A move that may change the price: the order after it and the difference (total after - total before). */
@ObjectType('TransactionChange')
export class RentalOrderChange {
  @Field(() => RentalOrder)
  transaction: RentalOrder;

  @Field({ description: 'Total before the move' })
  previousTotal: string;

  @Field({ description: 'Total after the move' })
  total: string;

  @Field({ description: 'total - previousTotal (negative: the customer owes less)' })
  difference: string;
}
