import {
  ArrayMaxSize,
  ArrayMinSize,
  IsBoolean,
  IsEnum,
  IsOptional,
  IsUUID,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { ArgsType, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { ListArgs, Paginated } from '../../../db/pagination';
import { OptionalId } from '../../../lib/input-fields';
import { OrderChoicesInput } from '../orders/billing/order-choices.types';
import { RentalOrderLineInput } from '../orders/rental-order.types';
import { DeliveryMethod } from './rental-quote-version.entity';
import { RentalQuote, RentalQuoteStatus } from './rental-quote.entity';

export const RentalQuotePage = Paginated(RentalQuote, 'RentalQuotePage');
export const MAX_QUOTE_LINES = 100;
/** A quote keeps at most this many versions (a further change is a 409: make a new quote). */
export const MAX_QUOTE_VERSIONS = 50;
/** Without validUntil a version stands for this many days from the organization's today. */
export const DEFAULT_VALIDITY_DAYS = 30;

/** An order's line (itemId, quantity) that may name one unit of the item. */
@InputType('RentalQuoteLineInput')
export class RentalQuoteLineInput extends RentalOrderLineInput {
  @OptionalId('unitId', { description: 'One named unit of the item (quantity 1): the desk is asked for that machine' })
  unitId?: string | null;
}

/**
 * What a version says besides its days and lines; every field optional (a new version copies what is absent). The
 * charges chosen (waiverOptOut, delivery, pickup, deliveryZone) are an order's (OrderChoicesInput) and pass to the
 * order the quote books.
 */
@InputType()
abstract class RentalQuoteTerms extends OrderChoicesInput {
  @Field(() => String, {
    nullable: true,
    description: `Last day the offer stands (YYYY-MM-DD); default the organization's today + ${DEFAULT_VALIDITY_DAYS} days`,
  })
  validUntil?: string | null;

  @Field(() => DeliveryMethod, { nullable: true, description: 'Default pickup' })
  @IsOptional()
  @IsEnum(DeliveryMethod, { message: 'deliveryMethod must be pickup or delivery' })
  deliveryMethod?: DeliveryMethod | null;

  @Field(() => String, { nullable: true, description: 'Required with deliveryMethod delivery' })
  @IsOptional()
  @MaxLength(500)
  deliveryAddress?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(2000)
  notes?: string | null;
}

/** No amounts: every line is priced by the server. */
@InputType('RentalQuoteInput')
export class RentalQuoteInput extends RentalQuoteTerms {
  @Field(() => ID, { description: 'A customer of your organization' })
  @IsUUID('all', { message: 'customerId must be a UUID' })
  customerId: string;

  @Field({ description: 'First rental day (YYYY-MM-DD)' })
  pickupDate: string;

  @Field({ description: 'Last rental day, inclusive (YYYY-MM-DD)' })
  returnDate: string;

  @Field(() => [RentalQuoteLineInput])
  @ArrayMinSize(1, { message: 'lines must have at least one line' })
  @ArrayMaxSize(MAX_QUOTE_LINES, { message: `lines may have at most ${MAX_QUOTE_LINES} lines` })
  @ValidateNested({ each: true })
  lines: RentalQuoteLineInput[];
}

/** A change: a new version from the current one with the fields present replaced (lines as a whole). */
@InputType('RentalQuoteRevisionInput')
export class RentalQuoteRevisionInput extends RentalQuoteTerms {
  @Field(() => String, { nullable: true })
  pickupDate?: string | null;

  @Field(() => String, { nullable: true })
  returnDate?: string | null;

  @Field(() => [RentalQuoteLineInput], { nullable: true })
  @IsOptional()
  @ArrayMinSize(1, { message: 'lines must have at least one line' })
  @ArrayMaxSize(MAX_QUOTE_LINES, { message: `lines may have at most ${MAX_QUOTE_LINES} lines` })
  @ValidateNested({ each: true })
  lines?: RentalQuoteLineInput[] | null;
}

/** sortBy: createdAt (default, newest first), updatedAt, validUntil, total, status, version. search: the customer's name and email. */
@ArgsType()
export class RentalQuoteListArgs extends ListArgs {
  @Field(() => RentalQuoteStatus, { nullable: true })
  @IsOptional()
  @IsEnum(RentalQuoteStatus, { message: 'status must be draft, sent, accepted, converted or declined' })
  status?: RentalQuoteStatus;

  @OptionalId('customerId')
  customerId?: string;

  @Field(() => Boolean, {
    nullable: true,
    description: "true: open quotes past their validity date (the organization's today); false: the others",
  })
  @IsOptional()
  @IsBoolean({ message: 'expired must be true or false' })
  expired?: boolean;
}

/** A signed acceptance link of the current version (docs/rental.md, "The customer's acceptance link"). */
@ObjectType('RentalQuoteLink')
export class RentalQuoteLink {
  @Field(() => ID) quoteId: string;
  @Field(() => ID) versionId: string;
  @Field(() => Int) version: number;
  @Field({ description: 'The page the customer opens: PUBLIC_URL + /quote-acceptance/<token>' }) url: string;
  @Field({ description: 'The signed token in the url' }) token: string;
  @Field({ description: "The link's last day (the version's validUntil, the organization's day)" }) expiresOn: string;
}
