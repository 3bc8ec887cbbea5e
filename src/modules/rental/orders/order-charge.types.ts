import { OptionalMoney } from '../../../lib/input-fields';
import { IsIn, IsNotEmpty, IsOptional, MaxLength } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { ChargeStatus } from './order-charge.entity';

/** A draft's amount and description, and its move to approved or void. Absent: unchanged. */
@InputType('TransactionChargeUpdateInput')
export class OrderChargeUpdateInput {
  @Field(() => ChargeStatus, { nullable: true, description: 'approved or void (from draft only)' })
  @IsOptional()
  @IsIn([ChargeStatus.approved, ChargeStatus.void], { message: 'status must be approved or void' })
  status?: ChargeStatus | null;

  @OptionalMoney('amount', { description: 'Exact decimal string, e.g. "350.00"' })
  amount?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsNotEmpty({ message: 'description must not be empty' })
  @MaxLength(500, { message: 'description must be at most 500 characters' })
  description?: string | null;
}
