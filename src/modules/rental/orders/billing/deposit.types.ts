import { IsEnum, IsIn, IsOptional, Matches, MaxLength } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { MONEY, MONEY_MESSAGE } from '../../../../lib/money';
import { PaymentKind, PaymentMethod } from '../payment.entity';

export const DEPOSIT_KINDS = [PaymentKind.deposit, PaymentKind.deposit_refund, PaymentKind.deposit_retention];

/** Deposit money in or out of an order (docs/rental.md, "Deposits"). */
@InputType('DepositPaymentInput')
export class DepositPaymentInput {
  @Field(() => PaymentKind, {
    description: 'deposit: collected; deposit_refund: given back; deposit_retention: kept to pay the order’s invoice',
  })
  @IsIn(DEPOSIT_KINDS, { message: 'kind must be deposit, deposit_refund or deposit_retention' })
  kind: PaymentKind;

  @Field({ description: 'Exact decimal string, more than 0' })
  @Matches(MONEY, { message: `amount ${MONEY_MESSAGE}` })
  amount: string;

  @Field(() => PaymentMethod)
  @IsEnum(PaymentMethod, { message: 'method must be cash, card, check, bank_transfer or other' })
  method: PaymentMethod;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD; default the organization’s today' })
  paidOn?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(200, { message: 'reference must be at most 200 characters' })
  reference?: string | null;
}
