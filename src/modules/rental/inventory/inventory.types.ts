import { OptionalMoney } from '../../../lib/input-fields';
import {
  IsEnum,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsUrl,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { ArgsType, Field, InputType, Int } from 'type-graphql';
import { GraphQLJSONObject } from 'graphql-scalars';
import { ListArgs, Paginated } from '../../../db/pagination';
import { InventoryItem, InventoryStatus } from './inventory-item.entity';
import { MONEY, MONEY_MESSAGE } from '../../../lib/money';

export const InventoryItemPage = Paginated(InventoryItem);
export const MAX_QUANTITY = 1_000_000;
export const MAX_SERVICE_DAYS = 3650;
export const MAX_SERVICE_RENTALS = 10_000;
/** A meter reading: up to 10 digits and one decimal, as a string ("1234.5"). */
export const METER = /^\d{1,10}(\.\d)?$/;
export const METER_MESSAGE = 'must be a decimal string with at most one decimal, e.g. "1234.5"';
/** A percentage from 0 to 100 with at most 3 decimals ("8.25"): tax rates, the waiver, a percent deposit. */
export const PERCENT = /^(100(\.0{1,3})?|\d{1,2}(\.\d{1,3})?)$/;
export const percentMessage = (field: string) =>
  `${field} must be a percentage from 0 to 100 with at most 3 decimals, e.g. "8.25"`;

/** The optional catalog fields, shared by create and update. Absent: unchanged; null: cleared. */
@InputType()
abstract class InventoryFieldsInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(100, { message: 'category must be at most 100 characters' })
  category?: string | null;

  @OptionalMoney('weeklyRate', { description: 'Exact decimal string; null: not rented by the week' })
  weeklyRate?: string | null;

  @OptionalMoney('monthlyRate', { description: 'Exact decimal string; null: not rented by the month' })
  monthlyRate?: string | null;

  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Key/value strings; replaces the whole set' })
  @IsOptional()
  @IsObject({ message: 'specifications must be an object of key/value strings' })
  specifications?: Record<string, string> | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true }, { message: 'imageUrl must be an http(s) URL' })
  @MaxLength(1000)
  imageUrl?: string | null;

  @Field(() => String, { nullable: true, description: 'Service every N meter hours, e.g. "250" (units only)' })
  @IsOptional()
  @Matches(METER, { message: `serviceEveryHours ${METER_MESSAGE}` })
  @Matches(/[1-9]/, { message: 'serviceEveryHours must be more than 0' })
  serviceEveryHours?: string | null;

  @Field(() => Int, { nullable: true, description: 'Service every N days (units only)' })
  @IsOptional()
  @IsInt({ message: 'serviceEveryDays must be an integer' })
  @Min(1, { message: 'serviceEveryDays must be 1 or more' })
  @Max(MAX_SERVICE_DAYS, { message: `serviceEveryDays must be at most ${MAX_SERVICE_DAYS}` })
  serviceEveryDays?: number | null;

  @Field(() => Int, { nullable: true, description: 'Service every N rentals (units only)' })
  @IsOptional()
  @IsInt({ message: 'serviceEveryRentals must be an integer' })
  @Min(1, { message: 'serviceEveryRentals must be 1 or more' })
  @Max(MAX_SERVICE_RENTALS, { message: `serviceEveryRentals must be at most ${MAX_SERVICE_RENTALS}` })
  serviceEveryRentals?: number | null;

  @OptionalMoney('depositAmount', { description: 'Deposit per unit (per_item policy); null: none' })
  depositAmount?: string | null;

  @Field(() => String, { nullable: true, description: 'Percent, 0 to 100; null: the category’s or organization’s' })
  @IsOptional()
  @Matches(PERCENT, { message: percentMessage('taxRate') })
  taxRate?: string | null;
}

@InputType()
export class InventoryItemInput extends InventoryFieldsInput {
  @Field()
  @IsNotEmpty({ message: 'name is required' })
  @MaxLength(200, { message: 'name must be at most 200 characters' })
  name: string;

  @Field({ description: 'Unique per organization' })
  @IsNotEmpty({ message: 'itemNumber is required' })
  @MaxLength(100, { message: 'itemNumber must be at most 100 characters' })
  itemNumber: string;

  @Field({ description: 'Exact decimal string, e.g. "125.00"' })
  @Matches(MONEY, { message: `dailyRate ${MONEY_MESSAGE}` })
  dailyRate: string;

  @Field(() => Int)
  @IsInt()
  @Min(0, { message: 'quantityOwned must be 0 or more' })
  @Max(MAX_QUANTITY, { message: `quantityOwned must be at most ${MAX_QUANTITY}` })
  quantityOwned: number;
}

@InputType()
export class InventoryItemUpdateInput extends InventoryFieldsInput {
  @Field(() => String, { nullable: true })
  @ValidateIf((o: InventoryItemUpdateInput) => o.name !== undefined)
  @IsNotEmpty({ message: 'name must not be empty' })
  @MaxLength(200, { message: 'name must be at most 200 characters' })
  name?: string;

  @Field(() => String, { nullable: true })
  @ValidateIf((o: InventoryItemUpdateInput) => o.itemNumber !== undefined)
  @IsNotEmpty({ message: 'itemNumber must not be empty' })
  @MaxLength(100, { message: 'itemNumber must be at most 100 characters' })
  itemNumber?: string;

  @Field(() => String, { nullable: true })
  @ValidateIf((o: InventoryItemUpdateInput) => o.dailyRate !== undefined)
  @Matches(MONEY, { message: `dailyRate ${MONEY_MESSAGE}` })
  dailyRate?: string;

  @Field(() => Int, { nullable: true })
  @ValidateIf((o: InventoryItemUpdateInput) => o.quantityOwned !== undefined)
  @IsInt({ message: 'quantityOwned must be an integer' })
  @Min(0, { message: 'quantityOwned must be 0 or more' })
  @Max(MAX_QUANTITY, { message: `quantityOwned must be at most ${MAX_QUANTITY}` })
  quantityOwned?: number;
}

/** sortBy: name, itemNumber, category, dailyRate, weeklyRate, monthlyRate, quantityOwned, createdAt, updatedAt. search: name, item number. */
@ArgsType()
export class InventoryListArgs extends ListArgs {
  @Field(() => String, { nullable: true, description: 'Only items of this category (exact)' })
  @IsOptional()
  @MaxLength(100)
  category?: string;

  @Field(() => InventoryStatus, { nullable: true, description: 'Only active or only retired items; default both' })
  @IsOptional()
  @IsEnum(InventoryStatus, { message: 'status must be active or retired' })
  status?: InventoryStatus;
}
