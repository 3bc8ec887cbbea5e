import { IsEnum, IsOptional, IsUUID, Matches, MaxLength } from 'class-validator';
import { ArgsType, Field, ID, InputType } from 'type-graphql';
import { ListArgs, Paginated } from '../../../db/pagination';
import { MONEY, MONEY_MESSAGE } from '../../../lib/money';
import { Invoice, InvoiceStatus } from './invoice.entity';
import { Payment, PaymentMethod } from './payment.entity';
import { OptionalId } from '../../../lib/input-fields';

export const InvoicePage = Paginated(Invoice);
export const PaymentPage = Paginated(Payment);
export const DEFAULT_PAYMENT_TERM_DAYS = 30;

@InputType()
export class InvoiceInput {
  @Field(() => ID, {
    description: 'A pending or completed transaction of your organization without a live (non-void) invoice',
  })
  @IsUUID('all', { message: 'transactionId must be a UUID' })
  transactionId: string;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD; default today (UTC)' })
  issueDate?: string;

  @Field(() => String, {
    nullable: true,
    description: `YYYY-MM-DD, not before issueDate; default issueDate + ${DEFAULT_PAYMENT_TERM_DAYS} days`,
  })
  dueDate?: string;
}

@InputType()
export class PaymentInput {
  @Field({ description: 'Exact decimal string, more than 0 and at most the balance' })
  @Matches(MONEY, { message: `amount ${MONEY_MESSAGE}` })
  amount: string;

  @Field(() => PaymentMethod)
  @IsEnum(PaymentMethod, { message: 'method must be cash, card, check, bank_transfer or other' })
  method: PaymentMethod;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD; default today (UTC)' })
  paidOn?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(200, { message: 'reference must be at most 200 characters' })
  reference?: string | null;
}

/** sortBy: number, issueDate, dueDate, total, createdAt. search: customer name and email. startDate/endDate: issue date. */
@ArgsType()
export class InvoiceListArgs extends ListArgs {
  @Field(() => InvoiceStatus, { nullable: true, description: 'overdue: sent, unpaid and past due' })
  @IsOptional()
  @IsEnum(InvoiceStatus, { message: 'status must be draft, sent, paid, overdue or void' })
  status?: InvoiceStatus;

  @OptionalId('customerId')
  customerId?: string;
}

@ArgsType()
export class PaymentListArgs extends ListArgs {}
