import { Collection, Entity, Enum, Index, ManyToOne, OneToMany, Property, Ref, ref } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
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

  @Field({ description: 'subtotal + tax' })
  @Property({ type: 'decimal', precision: 12, scale: 2 })
  total: string;

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
