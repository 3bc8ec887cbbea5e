import { Collection, Entity, Enum, Index, ManyToOne, OneToMany, Property, Ref, ref } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import Decimal from 'decimal.js';
import { TenantEntity } from '../../../db/tenant.entity';
import { formatMoney } from '../../../lib/money';
import type { Organization } from '../../accounts/organizations/organization.entity';
import { Customer } from '../../crm/customers/customer.entity';
import { User } from '../../accounts/users/user.entity';
import { RentalOrderLine } from './rental-order-line.entity';

/** The spec's transaction statuses. pending -> completed | cancelled; completed and cancelled are final. */
export enum RentalOrderStatus {
  pending = 'pending',
  completed = 'completed',
  cancelled = 'cancelled',
}
registerEnumType(RentalOrderStatus, {
  name: 'TransactionStatus',
  description: 'pending: booked; completed: rental done (final); cancelled: released (final)',
});

/** The order's life on the floor (docs/rental.md, "On the floor"); `status` stays the spec's three values. */
export enum RentalFulfillment {
  reserved = 'reserved',
  partially_out = 'partially_out',
  out = 'out',
  partially_returned = 'partially_returned',
  returned = 'returned',
  cancelled = 'cancelled',
}
registerEnumType(RentalFulfillment, {
  name: 'TransactionFulfillment',
  description:
    'reserved: units held, nothing out; partially_out: some lines checked out; out: every line out; partially_returned: some units back; returned: everything back (status completed); cancelled',
});

/**
 * A rental order, the spec's Transaction. Every amount is computed by the server (quote engine, tax
 * setting) when the order is created and never taken from a client; the dates are inclusive days.
 */
@ObjectType('Transaction')
@Entity({ tableName: 'rental_orders' })
@Index({ properties: ['organization', 'orderDate'] })
@Index({ properties: ['organization', 'createdAt'] })
@Index({ properties: ['pickupDate', 'returnDate'] })
export class RentalOrder extends TenantEntity {
  @ManyToOne({ entity: () => Customer, ref: true, deleteRule: 'cascade', index: true })
  customer: Ref<Customer>;

  @Field({ description: 'YYYY-MM-DD' })
  @Property({ type: 'date' })
  orderDate: string;

  @Field({ description: 'First rental day (YYYY-MM-DD)' })
  @Property({ type: 'date' })
  pickupDate: string;

  @Field({ description: 'Last rental day, inclusive (YYYY-MM-DD)' })
  @Property({ type: 'date' })
  returnDate: string;

  @Field(() => Int, { description: 'returnDate - pickupDate + 1' })
  @Property({ type: 'integer' })
  rentalDays: number;

  @Field(() => RentalOrderStatus)
  @Enum({ items: () => RentalOrderStatus })
  status: RentalOrderStatus = RentalOrderStatus.pending;

  @Field(() => RentalFulfillment, {
    description: 'The detailed state on the floor; status stays pending/completed/cancelled',
  })
  @Enum({ items: () => RentalFulfillment })
  fulfillment: RentalFulfillment = RentalFulfillment.reserved;

  @Field({ description: 'Sum of the line amounts, exact decimal string' })
  @Property({ type: 'decimal', precision: 12, scale: 2 })
  subtotal: string;

  @Field({ description: 'Tax rate applied, percent' })
  @Property({ type: 'decimal', precision: 6, scale: 3 })
  taxRate: string;

  @Field({ description: 'subtotal x taxRate / 100, rounded half-up to cents' })
  @Property({ type: 'decimal', precision: 12, scale: 2 })
  tax: string;

  @Field({ description: 'subtotal + damageWaiver + deliveryFee + pickupFee + tax' })
  @Property({ type: 'decimal', precision: 12, scale: 2 })
  total: string;

  /* Charges beyond the rate (docs/rental.md, "Charges beyond the rate"): billing/order-extras.ts computes them. */
  @Field({ description: 'The customer declined the damage waiver for this order' })
  @Property({ default: false })
  waiverOptOut: boolean = false;

  @Field({ description: 'Damage waiver percent applied (the organization’s at booking; 0 when off or declined)' })
  @Property({ type: 'decimal', precision: 6, scale: 3, default: 0 })
  waiverPercent: string = '0.000';

  @Field({ description: 'subtotal x waiverPercent / 100, rounded half-up to cents' })
  @Property({ type: 'decimal', precision: 12, scale: 2, default: 0 })
  damageWaiver: string = '0.00';

  @Field({ description: 'The organization takes the equipment to the site' })
  @Property({ default: false })
  delivery: boolean = false;

  @Field({ description: 'The organization collects the equipment from the site' })
  @Property({ default: false })
  pickup: boolean = false;

  @Field(() => String, { nullable: true, description: 'The delivery zone priced; null: the flat fees' })
  @Property({ length: 100, nullable: true })
  deliveryZone: string | null = null;

  @Field() @Property({ type: 'decimal', precision: 12, scale: 2, default: 0 }) deliveryFee: string = '0.00';
  @Field() @Property({ type: 'decimal', precision: 12, scale: 2, default: 0 }) pickupFee: string = '0.00';

  @Field({ description: 'The deposit asked for (not part of total)' })
  @Property({ type: 'decimal', precision: 12, scale: 2, default: 0 })
  deposit: string = '0.00';

  @Field({ description: 'The deposit was raised: the customer had an overdue invoice at booking' })
  @Property({ default: false })
  depositRaised: boolean = false;

  @Field() @Property({ type: 'decimal', precision: 12, scale: 2, default: 0 }) depositCollected: string = '0.00';
  @Field() @Property({ type: 'decimal', precision: 12, scale: 2, default: 0 }) depositRefunded: string = '0.00';
  @Field() @Property({ type: 'decimal', precision: 12, scale: 2, default: 0 }) depositRetained: string = '0.00';

  @Field({ description: 'The customer was tax-exempt at booking (a valid certificate): no tax' })
  @Property({ default: false })
  taxExempt: boolean = false;

  @Field(() => String, { nullable: true, description: 'The exemption certificate number at booking' })
  @Property({ length: 100, nullable: true })
  taxExemptCertificate: string | null = null;

  @Field(() => String, {
    nullable: true,
    description: 'Why an admin let this order past the credit limit or an account hold (also in the audit log)',
  })
  @Property({ length: 500, nullable: true })
  creditOverrideReason: string | null = null;

  @Field({ description: 'depositCollected - depositRefunded - depositRetained: what the organization holds' })
  get depositHeld(): string {
    return formatMoney(new Decimal(this.depositCollected).minus(this.depositRefunded).minus(this.depositRetained));
  }

  @Field({ description: 'deposit - depositCollected, at least 0: what is still to collect' })
  get depositDue(): string {
    return formatMoney(Decimal.max(0, new Decimal(this.deposit).minus(this.depositCollected)));
  }

  @Field()
  @Property({ length: 3 })
  currency: string;

  @Field(() => String, { nullable: true })
  @Property({ length: 2000, nullable: true })
  notes: string | null = null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  completedAt: Date | null = null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  cancelledAt: Date | null = null;

  /** The return date the overdue job last announced order.overdue for (once per overdue spell; overdue.job.ts). */
  @Property({ type: 'date', nullable: true })
  overdueNotifiedFor: string | null = null;

  @ManyToOne({ entity: () => User, ref: true, nullable: true, deleteRule: 'set null' })
  createdBy: Ref<User> | null = null;

  @OneToMany(() => RentalOrderLine, (l) => l.order)
  lines = new Collection<RentalOrderLine>(this);

  @Field(() => ID)
  get customerId(): string {
    return this.customer.id;
  }

  @Field(() => ID, { nullable: true })
  get createdById(): string | null {
    return this.createdBy?.id ?? null;
  }

  constructor(
    organization: Organization,
    customer: Customer,
    props: {
      orderDate: string;
      pickupDate: string;
      returnDate: string;
      rentalDays: number;
      currency: string;
      taxRate: string;
    },
  ) {
    super();
    this.organization = ref(organization);
    this.customer = ref(customer);
    Object.assign(this, props);
  }
}
