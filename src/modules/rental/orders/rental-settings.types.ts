import { Matches, ValidateIf } from 'class-validator';
import { Field, InputType } from 'type-graphql';

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
}
