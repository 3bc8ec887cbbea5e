import {
  ArrayMaxSize,
  ArrayMinSize,
  IsBoolean,
  IsEnum,
  IsInt,
  IsOptional,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { ArgsType, Field, ID, InputType, Int } from 'type-graphql';
import { ListArgs, Paginated } from '../../../db/pagination';
import { MAX_QUANTITY } from '../inventory/inventory.types';
import { RentalOrder, RentalOrderStatus } from './rental-order.entity';
import { OptionalId } from '../../../lib/input-fields';
import { OrderChoicesInput } from './billing/order-choices.types';

/** An admin's reason for letting an order past the credit check (docs/rental.md, "Credit"). */
export const CREDIT_OVERRIDE_DESCRIPTION =
  'Admins: book past the credit limit or an account hold, with this reason (kept on the order and in the audit log)';

export const RentalOrderPage = Paginated(RentalOrder, 'TransactionPage');
export const MAX_LINES = 100;

@InputType('TransactionLineInput')
export class RentalOrderLineInput {
  @Field(() => ID, { description: 'An active inventory item of your organization' })
  @IsUUID('all', { message: 'itemId must be a UUID' })
  itemId: string;

  @Field(() => Int)
  @IsInt()
  @Min(1, { message: 'quantity must be 1 or more' })
  @Max(MAX_QUANTITY)
  quantity: number;
}

/** No amounts: subtotal, tax and total are computed by the server; a body that sends them is refused (400). */
@InputType('TransactionInput')
export class RentalOrderInput extends OrderChoicesInput {
  @Field(() => ID, { description: 'A customer of your organization' })
  @IsUUID('all', { message: 'customerId must be a UUID' })
  customerId: string;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD; default the organization’s today' })
  orderDate?: string;

  @Field({ description: 'First rental day (YYYY-MM-DD)' })
  pickupDate: string;

  @Field({ description: 'Last rental day, inclusive (YYYY-MM-DD)' })
  returnDate: string;

  @Field(() => [RentalOrderLineInput])
  @ArrayMinSize(1, { message: 'lines must have at least one line' })
  @ArrayMaxSize(MAX_LINES, { message: `lines may have at most ${MAX_LINES} lines` })
  @ValidateNested({ each: true })
  lines: RentalOrderLineInput[];

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(2000)
  notes?: string | null;

  @Field(() => String, { nullable: true, description: CREDIT_OVERRIDE_DESCRIPTION })
  @IsOptional()
  @MaxLength(400)
  creditOverrideReason?: string | null;
}

/**
 * sortBy: orderDate, pickupDate, returnDate, total, status, createdAt, updatedAt, name, email (the customer's). search: customer name and email.
 * startDate/endDate: order date range (inclusive). ownerId: the customer's owner. overdue: see overdue.ts.
 */
@ArgsType()
export class RentalOrderListArgs extends ListArgs {
  @Field(() => RentalOrderStatus, { nullable: true })
  @IsOptional()
  @IsEnum(RentalOrderStatus, { message: 'status must be pending, completed or cancelled' })
  status?: RentalOrderStatus;

  @OptionalId('customerId')
  customerId?: string;

  @OptionalId('ownerId', {
    description: "Only transactions of customers this user owns (the customer's contact owner)",
  })
  ownerId?: string;

  @Field(() => Boolean, {
    nullable: true,
    description:
      "true: overdue transactions (units out past the return date, the organization's today); false: the others",
  })
  @IsOptional()
  @IsBoolean({ message: 'overdue must be true or false' })
  overdue?: boolean;
}
