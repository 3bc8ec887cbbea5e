import { Entity, Enum, ManyToOne, Property, Ref, ref } from '@mikro-orm/core';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../../accounts/organizations/organization.entity';
import type { Invoice } from './invoice.entity';

export enum PaymentMethod {
  cash = 'cash',
  card = 'card',
  check = 'check',
  bank_transfer = 'bank_transfer',
  other = 'other',
}
registerEnumType(PaymentMethod, { name: 'PaymentMethod' });

/** Money received against an invoice. Payments are never edited; the invoice's amountPaid is their sum. */
@ObjectType('Payment')
@Entity({ tableName: 'payments' })
export class Payment extends TenantEntity {
  @ManyToOne({ entity: 'Invoice', ref: true, deleteRule: 'cascade', index: true })
  invoice: Ref<Invoice>;

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

  @Field(() => ID) get invoiceId(): string {
    return this.invoice.id;
  }

  constructor(
    organization: Organization,
    invoice: Invoice,
    props: { amount: string; method: PaymentMethod; paidOn: string },
  ) {
    super();
    this.organization = ref(organization);
    this.invoice = ref(invoice);
    Object.assign(this, props);
  }
}
