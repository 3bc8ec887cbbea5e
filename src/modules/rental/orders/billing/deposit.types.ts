import { IsIn } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { PaymentInput } from '../invoice.types';
import { PaymentKind } from '../payment.entity';

export const DEPOSIT_KINDS = [PaymentKind.deposit, PaymentKind.deposit_refund, PaymentKind.deposit_retention];

/** Deposit money in or out of an order (docs/rental.md, "Deposits"): a payment with its kind. */
@InputType('DepositPaymentInput')
export class DepositPaymentInput extends PaymentInput {
  @Field(() => PaymentKind, {
    description: 'deposit: collected; deposit_refund: given back; deposit_retention: kept to pay the order’s invoice',
  })
  @IsIn(DEPOSIT_KINDS, { message: 'kind must be deposit, deposit_refund or deposit_retention' })
  kind: PaymentKind;
}
