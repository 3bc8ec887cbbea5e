import { Entity, Enum, Index, ManyToOne, Property, Ref, ref, Unique } from '@mikro-orm/core';
import Decimal from 'decimal.js';
import { Extensions, Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../../accounts/organizations/organization.entity';
import { Customer } from '../../crm/customers/customer.entity';
import { formatMoney } from '../../../lib/money';
import { RentalOrder } from './rental-order.entity';

/**
 * Invoice states. draft, sent, paid and void are stored; `overdue` is derived: a sent invoice with a
 * balance whose due date has passed. paid is reached by payments alone (balance 0).
 */
export enum InvoiceStatus {
  draft = 'draft',
  sent = 'sent',
  paid = 'paid',
  overdue = 'overdue',
  void = 'void',
}
registerEnumType(InvoiceStatus, {
  name: 'InvoiceStatus',
  description: 'overdue: sent, unpaid, past its due date (derived)',
});

export type StoredInvoiceStatus = Exclude<InvoiceStatus, InvoiceStatus.overdue>;

/** The status on the organization's `today` (the field `status`, InvoiceResolver): overdue is derived, never stored. */
export function invoiceStatusOn(invoice: Pick<Invoice, 'storedStatus' | 'dueDate'>, today: string): InvoiceStatus {
  return invoice.storedStatus === InvoiceStatus.sent && invoice.dueDate < today
    ? InvoiceStatus.overdue
    : invoice.storedStatus;
}

/** An approved charge of the order, as the invoice carries it (docs/rental.md, "Invoices carry every charge"). */
@ObjectType()
export class InvoiceCharge {
  @Field(() => ID) chargeId: string;
  @Field() kind: string;
  @Field() description: string;
  @Field({ description: 'Exact decimal string' }) amount: string;
}

@ObjectType('Invoice')
@Entity({ tableName: 'invoices' })
@Unique({ properties: ['organization', 'number'] })
@Index({ properties: ['organization', 'issueDate'] })
export class Invoice extends TenantEntity {
  @ManyToOne({ entity: () => RentalOrder, ref: true, deleteRule: 'cascade', index: true })
  order: Ref<RentalOrder>;

  @ManyToOne({ entity: () => Customer, ref: true, deleteRule: 'cascade', index: true })
  customer: Ref<Customer>;

  @Field(() => Int, { description: 'Sequence number, per organization, from 1, without gaps' })
  @Property({ type: 'integer' })
  number: number;

  @Field() @Property({ type: 'date' }) issueDate: string;
  @Field() @Property({ type: 'date' }) dueDate: string;

  @Enum({ items: ['draft', 'sent', 'paid', 'void'], default: 'draft', fieldName: 'status' })
  storedStatus: StoredInvoiceStatus = InvoiceStatus.draft;

  @Field({ description: 'The rental lines (the order’s subtotal)' })
  @Property({ type: 'decimal', precision: 12, scale: 2 })
  subtotal: string;

  @Field() @Property({ type: 'decimal', precision: 12, scale: 2 }) tax: string;

  @Field({ description: 'subtotal + damageWaiver + deliveryFee + pickupFee + tax + chargesTotal' })
  @Property({ type: 'decimal', precision: 12, scale: 2 })
  total: string;

  @Field() @Property({ type: 'decimal', precision: 12, scale: 2, default: 0 }) damageWaiver: string = '0.00';
  @Field() @Property({ type: 'decimal', precision: 12, scale: 2, default: 0 }) deliveryFee: string = '0.00';
  @Field() @Property({ type: 'decimal', precision: 12, scale: 2, default: 0 }) pickupFee: string = '0.00';

  @Field({ description: 'Sum of the approved charges carried (damage, late, fuel, cleaning, other)' })
  @Property({ type: 'decimal', precision: 12, scale: 2, default: 0 })
  chargesTotal: string = '0.00';

  @Field(() => [InvoiceCharge], { description: 'The order’s approved charges when the invoice was made' })
  @Extensions({ maxItems: 100, cost: 0 }) // query cost: stored in the invoice's row
  @Property({ type: 'json', default: "'[]'" })
  charges: InvoiceCharge[] = [];

  @Field({ description: 'Sum of the payments recorded' })
  @Property({ type: 'decimal', precision: 12, scale: 2, default: 0 })
  amountPaid: string = '0.00';

  @Field() @Property({ length: 3 }) currency: string;

  @Field(() => Date, { nullable: true }) @Property({ type: 'timestamptz', nullable: true }) sentAt: Date | null = null;
  @Field(() => Date, { nullable: true }) @Property({ type: 'timestamptz', nullable: true }) paidAt: Date | null = null;
  @Field(() => Date, { nullable: true }) @Property({ type: 'timestamptz', nullable: true }) voidedAt: Date | null =
    null;

  /** When invoice.overdue was emitted for it (once per invoice; invoice-overdue.job.ts); null: not yet. */
  @Property({ type: 'timestamptz', nullable: true })
  overdueNotifiedAt: Date | null = null;

  @Field({ description: 'e.g. INV-000042' })
  get invoiceNumber(): string {
    return `INV-${String(this.number).padStart(6, '0')}`;
  }

  @Field({ description: 'total - amountPaid' })
  get balance(): string {
    return formatMoney(new Decimal(this.total).minus(this.amountPaid));
  }

  @Field() get isPaid(): boolean {
    return this.storedStatus === InvoiceStatus.paid;
  }

  @Field(() => ID) get transactionId(): string {
    return this.order.id;
  }

  @Field(() => ID) get customerId(): string {
    return this.customer.id;
  }

  constructor(
    organization: Organization,
    order: RentalOrder,
    customer: Customer,
    props: { number: number; issueDate: string; dueDate: string },
  ) {
    super();
    this.organization = ref(organization);
    this.order = ref(order);
    this.customer = ref(customer);
    Object.assign(this, props, {
      subtotal: order.subtotal,
      tax: order.tax,
      total: order.total,
      damageWaiver: order.damageWaiver,
      deliveryFee: order.deliveryFee,
      pickupFee: order.pickupFee,
      currency: order.currency,
    });
  }
}
