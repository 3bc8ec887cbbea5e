import { IsBoolean, IsNotEmpty, IsOptional, MaxLength, ValidateIf } from 'class-validator';
import { IsCalendarDay } from '../../../lib/calendar-days';
import { ArgsType, Field, InputType } from 'type-graphql';
import { ListArgs, Paginated } from '../../../db/pagination';
import { ContactInfoInput } from '../contact-info.input';
import { Customer } from './customer.entity';
import { OptionalId, OptionalMoney } from '../../../lib/input-fields';

export const CustomerPage = Paginated(Customer);

@InputType()
abstract class CustomerFieldsInput extends ContactInfoInput {
  @OptionalId('companyId', { description: 'A company of your organization' })
  companyId?: string | null;

  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(300) billingAddress?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(100) billingCity?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(100) billingState?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(20) billingZipCode?: string | null;

  @OptionalMoney('creditLimit', { description: 'Exact decimal string; null: no limit' })
  creditLimit?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Put the account on hold (true) or release it' })
  @ValidateIf((o: CustomerFieldsInput) => o.accountHold !== undefined)
  @IsBoolean({ message: 'accountHold must be true or false' })
  accountHold?: boolean;

  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(500) accountHoldReason?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Tax-exempt (with a certificate number)' })
  @ValidateIf((o: CustomerFieldsInput) => o.taxExempt !== undefined)
  @IsBoolean({ message: 'taxExempt must be true or false' })
  taxExempt?: boolean;

  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(100) taxExemptCertificate?: string | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD; null: no expiry' })
  @ValidateIf((o: CustomerFieldsInput) => o.taxExemptExpiresOn !== undefined && o.taxExemptExpiresOn !== null)
  @IsCalendarDay()
  taxExemptExpiresOn?: string | null;
}

@InputType()
export class CustomerInput extends CustomerFieldsInput {
  @Field()
  @IsNotEmpty({ message: 'name is required' })
  @MaxLength(200)
  name: string;
}

@InputType()
export class CustomerUpdateInput extends CustomerFieldsInput {
  @Field(() => String, { nullable: true })
  @ValidateIf((o: CustomerUpdateInput) => o.name !== undefined)
  @IsNotEmpty({ message: 'name must not be empty' })
  @MaxLength(200)
  name?: string;
}

/** sortBy: createdAt, updatedAt, name, email, lifetimeOrders. search: name and email. */
@ArgsType()
export class CustomerListArgs extends ListArgs {
  @OptionalId('ownerId', { description: 'Only customers whose contact this user owns' })
  ownerId?: string;
}
