import {
  ArrayMaxSize,
  IsBoolean,
  IsEnum,
  IsInt,
  IsNotEmpty,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { Field, InputType, Int } from 'type-graphql';
import { MONEY, MONEY_MESSAGE } from '../../../lib/money';
import { DepositPolicy } from './rental-settings.entity';
import { PERCENT, percentMessage } from '../inventory/inventory.types';

const percent = percentMessage;
export const MAX_ZONES = 50;

@InputType()
export class DeliveryZoneInput {
  @Field()
  @IsNotEmpty({ message: 'name must not be empty' })
  @MaxLength(100)
  name: string;

  @Field()
  @Matches(MONEY, { message: `deliveryFee ${MONEY_MESSAGE}` })
  deliveryFee: string;

  @Field()
  @Matches(MONEY, { message: `pickupFee ${MONEY_MESSAGE}` })
  pickupFee: string;
}

@InputType()
export class CategoryTaxRateInput {
  @Field()
  @IsNotEmpty({ message: 'category must not be empty' })
  @MaxLength(100)
  category: string;

  @Field()
  @Matches(PERCENT, { message: percent('taxRate') })
  taxRate: string;
}

@InputType()
export class RentalSettingsInput {
  @Field(() => String, { nullable: true, description: 'ISO 4217 code, three capital letters' })
  @ValidateIf((o: RentalSettingsInput) => o.currency !== undefined)
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be an ISO 4217 code such as USD' })
  currency?: string;

  @Field(() => String, { nullable: true, description: 'Percent, 0 to 100, at most 3 decimals, e.g. "8.25"' })
  @ValidateIf((o: RentalSettingsInput) => o.taxRate !== undefined)
  @Matches(PERCENT, { message: percent('taxRate') })
  taxRate?: string;

  @Field(() => Boolean, { nullable: true, description: 'Overdue orders accrue draft late charges' })
  @ValidateIf((o: RentalSettingsInput) => o.lateChargesEnabled !== undefined)
  @IsBoolean({ message: 'lateChargesEnabled must be true or false' })
  lateChargesEnabled?: boolean;

  @Field(() => Int, { nullable: true, description: 'Late days not charged, 0 to 365' })
  @ValidateIf((o: RentalSettingsInput) => o.lateGraceDays !== undefined)
  @IsInt({ message: 'lateGraceDays must be a whole number of days' })
  @Min(0, { message: 'lateGraceDays must be 0 or more' })
  @Max(365, { message: 'lateGraceDays must be at most 365' })
  lateGraceDays?: number;

  @Field(() => String, { nullable: true, description: 'Late charge per unit and day; null: the item’s daily rate' })
  @ValidateIf((o: RentalSettingsInput) => o.lateRatePerDay !== undefined && o.lateRatePerDay !== null)
  @Matches(MONEY, { message: `lateRatePerDay ${MONEY_MESSAGE}` })
  lateRatePerDay?: string | null;

  @Field(() => DepositPolicy, { nullable: true, description: 'none, fixed, percent or per_item' })
  @ValidateIf((o: RentalSettingsInput) => o.depositPolicy !== undefined)
  @IsEnum(DepositPolicy, { message: 'depositPolicy must be none, fixed, percent or per_item' })
  depositPolicy?: DepositPolicy;

  @Field(() => String, { nullable: true, description: 'policy fixed: the deposit of every order' })
  @ValidateIf((o: RentalSettingsInput) => o.depositAmount !== undefined && o.depositAmount !== null)
  @Matches(MONEY, { message: `depositAmount ${MONEY_MESSAGE}` })
  depositAmount?: string | null;

  @Field(() => String, { nullable: true, description: 'policy percent: percent of the rental subtotal' })
  @ValidateIf((o: RentalSettingsInput) => o.depositPercent !== undefined && o.depositPercent !== null)
  @Matches(PERCENT, { message: percent('depositPercent') })
  depositPercent?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Raise the deposit by this percent for a customer with an overdue invoice, 0 to 1000',
  })
  @ValidateIf((o: RentalSettingsInput) => o.depositOverdueRaisePercent !== undefined)
  @Matches(/^(1000(\.0{1,3})?|\d{1,3}(\.\d{1,3})?)$/, {
    message: 'depositOverdueRaisePercent must be a percentage from 0 to 1000 with at most 3 decimals',
  })
  depositOverdueRaisePercent?: string;

  @Field(() => String, { nullable: true, description: 'Damage waiver, percent of the rental subtotal; 0: off' })
  @ValidateIf((o: RentalSettingsInput) => o.waiverPercent !== undefined)
  @Matches(PERCENT, { message: percent('waiverPercent') })
  waiverPercent?: string;

  @Field(() => String, { nullable: true, description: 'Flat delivery fee; null: none' })
  @ValidateIf((o: RentalSettingsInput) => o.deliveryFee !== undefined && o.deliveryFee !== null)
  @Matches(MONEY, { message: `deliveryFee ${MONEY_MESSAGE}` })
  deliveryFee?: string | null;

  @Field(() => String, { nullable: true, description: 'Flat pickup fee; null: none' })
  @ValidateIf((o: RentalSettingsInput) => o.pickupFee !== undefined && o.pickupFee !== null)
  @Matches(MONEY, { message: `pickupFee ${MONEY_MESSAGE}` })
  pickupFee?: string | null;

  @Field(() => [DeliveryZoneInput], { nullable: true, description: 'Replaces every zone; names unique' })
  @ValidateIf((o: RentalSettingsInput) => o.deliveryZones !== undefined)
  @ArrayMaxSize(MAX_ZONES, { message: `deliveryZones may have at most ${MAX_ZONES} zones` })
  @ValidateNested({ each: true })
  deliveryZones?: DeliveryZoneInput[];

  @Field(() => [CategoryTaxRateInput], { nullable: true, description: 'Replaces every rate; categories unique' })
  @ValidateIf((o: RentalSettingsInput) => o.categoryTaxRates !== undefined)
  @ArrayMaxSize(MAX_ZONES, { message: `categoryTaxRates may have at most ${MAX_ZONES} categories` })
  @ValidateNested({ each: true })
  categoryTaxRates?: CategoryTaxRateInput[];
}
