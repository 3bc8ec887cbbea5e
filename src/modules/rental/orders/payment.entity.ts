import { Entity, Enum, ManyToOne, Property, Ref, ref } from '@mikro-orm/core';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../../accounts/organizations/organization.entity';
import type { Invoice } from './invoice.entity';
import type { RentalOrder } from './rental-order.entity';

/**
 * invoice: paid against an invoice; deposit: a deposit collected for an order; deposit_refund: deposit money given
 * back; deposit_retention: deposit money kept to pay the order's invoice (docs/rental.md, "Deposits").
 */
export enum PaymentKind {
  invoice = 'invoice',
  deposit = 'deposit',
  deposit_refund = 'deposit_refund',
  deposit_retention = 'deposit_retention',
}
registerEnumType(PaymentKind, { name: 'PaymentKind' });

export enum PaymentMethod {
  cash = 'cash',
  card = 'card',
  check = 'check',
  bank_transfer = 'bank_transfer',
  other = 'other',
}
registerEnumType(PaymentMethod, { name: 'PaymentMethod' });

/**
 * Money received against an invoice, or a deposit's money in or out (its kind). Payments are never edited; an
 * invoice's amountPaid is the sum of its payments (retentions included), an order's deposit figures those of its
 * deposit payments.
 */
@ObjectType('Payment')
@Entity({ tableName: 'payments' })
export class Payment extends TenantEntity {
  @ManyToOne({ entity: 'Invoice', ref: true, deleteRule: 'cascade', index: true, nullable: true })
  invoice: Ref<Invoice> | null;

  @ManyToOne({ entity: 'RentalOrder', ref: true, deleteRule: 'cascade', index: true })
  order: Ref<RentalOrder>;

  @Field(() => PaymentKind)
  @Enum({ items: () => PaymentKind, default: PaymentKind.invoice })
  kind: PaymentKind = PaymentKind.invoice;

  @Field({ description: 'Exact decimal string, more than 0, at most the balance' })
  @Property({ type: 'decimal', precision: 12, scale: 2 })
  amount: string;

  @Field(() => PaymentMethod)
  @Enum({ items: () => PaymentMethod })
  method: PaymentMethod;

  @Field({ description: 'Day the money was received (YYYY-MM-DD)' })
  @Property({ type: 'date' })
  paidOn: string;

  @Field(() => String, { nullable: true, description: 'Card slip, check number, bank reference' })
  @Property({ length: 200, nullable: true })
  reference: string | null = null;

  @Field(() => ID, { nullable: true, description: 'The invoice paid (kinds invoice, deposit_retention)' })
  get invoiceId(): string | null {
    return this.invoice?.id ?? null;
  }

  @Field(() => ID) get transactionId(): string {
    return this.order.id;
  }

  /** A payment of `invoice` (its order's), or with `invoice` null a deposit or refund of `order`. */
  constructor(
    organization: Organization,
    invoice: Invoice | null,
    props: { amount: string; method: PaymentMethod; paidOn: string; order?: RentalOrder; kind?: PaymentKind },
  ) {
    super();
    this.organization = ref(organization);
    this.invoice = invoice ? ref(invoice) : null;
    const { order, ...rest } = props;
    const of = order ?? invoice?.order;
    if (!of) throw new Error('a payment names its invoice or its order');
    this.order = ref(of as RentalOrder);
    Object.assign(this, rest);
  }
}
