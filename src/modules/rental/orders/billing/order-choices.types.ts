import { IsBoolean, IsOptional, MaxLength, ValidateIf } from 'class-validator';
import { Field, InputType } from 'type-graphql';

const isSet = (field: 'waiverOptOut' | 'delivery' | 'pickup') => (o: OrderChoicesInput) =>
  o[field] !== undefined && o[field] !== null;

/** The charges beyond the rate the desk chooses per order (docs/rental.md, "Charges beyond the rate"). Absent: unchanged (new order: false / none). */
@InputType()
export abstract class OrderChoicesInput {
  @Field(() => Boolean, { nullable: true, description: 'The customer declines the damage waiver' })
  @ValidateIf(isSet('waiverOptOut'))
  @IsBoolean({ message: 'waiverOptOut must be true or false' })
  waiverOptOut?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Deliver to the site (the zone’s or the flat delivery fee)' })
  @ValidateIf(isSet('delivery'))
  @IsBoolean({ message: 'delivery must be true or false' })
  delivery?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Collect from the site (the zone’s or the flat pickup fee)' })
  @ValidateIf(isSet('pickup'))
  @IsBoolean({ message: 'pickup must be true or false' })
  pickup?: boolean | null;

  @Field(() => String, { nullable: true, description: 'A delivery zone of the rental settings; null: the flat fees' })
  @IsOptional()
  @MaxLength(100)
  deliveryZone?: string | null;
}
