import { IsBoolean, IsInt, Matches, Max, Min, ValidateIf } from 'class-validator';
import { Field, InputType, Int } from 'type-graphql';
import { MONEY, MONEY_MESSAGE } from '../../../lib/money';

@InputType()
export class RentalSettingsInput {
  @Field(() => String, { nullable: true, description: 'ISO 4217 code, three capital letters' })
  @ValidateIf((o: RentalSettingsInput) => o.currency !== undefined)
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be an ISO 4217 code such as USD' })
  currency?: string;

  @Field(() => String, { nullable: true, description: 'Percent, 0 to 100, at most 3 decimals, e.g. "8.25"' })
  @ValidateIf((o: RentalSettingsInput) => o.taxRate !== undefined)
  @Matches(/^(100(\.0{1,3})?|\d{1,2}(\.\d{1,3})?)$/, {
    message: 'taxRate must be a percentage from 0 to 100 with at most 3 decimals, e.g. "8.25"',
  })
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
}
