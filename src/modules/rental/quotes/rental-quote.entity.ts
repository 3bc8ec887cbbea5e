import { Entity, Enum, Index, ManyToOne, Property, Ref, ref } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../../accounts/organizations/organization.entity';
import { User } from '../../accounts/users/user.entity';
import { Customer } from '../../crm/customers/customer.entity';
import { RentalOrder } from '../orders/rental-order.entity';

/**
 * draft: not sent yet; sent: an acceptance link was made; accepted: the customer accepted it through the link (an
 * order was booked); converted: a member turned it into an order; declined: recorded by a member. accepted,
 * converted and declined are final. Expiry is not a status: `expired` is derived from the current version's
 * validity date and the organization's day (docs/rental.md, "Stored quotes").
 */
export enum RentalQuoteStatus {
  draft = 'draft',
  sent = 'sent',
  accepted = 'accepted',
  converted = 'converted',
  declined = 'declined',
}
registerEnumType(RentalQuoteStatus, {
  name: 'RentalQuoteStatus',
  description: 'draft, sent: open; accepted (by the customer), converted (by a member), declined: final',
});

export const OPEN_QUOTE = [RentalQuoteStatus.draft, RentalQuoteStatus.sent];

/** What the customer's acceptance recorded (the link's version, the typed name, the consent box, where from). */
@ObjectType('RentalQuoteAcceptance')
export class QuoteAcceptance {
  @Field(() => Int) version: number;
  @Field(() => ID) versionId: string;
  @Field({ description: 'The name the customer typed' }) name: string;
  @Field({ description: 'The consent box was ticked (always true: acceptance without it is refused)' })
  consent: boolean;
  @Field({ description: 'The client address the acceptance came from' }) ip: string;
  @Field(() => String, { nullable: true }) userAgent: string | null;
  @Field({ description: 'ISO 8601 time of the acceptance' }) acceptedAt: string;
  @Field({ description: 'sha256 of the accepted version’s canonical content (its contentHash at that moment)' })
  contentHash: string;
}

/** A stored, versioned quote (docs/rental.md, "Stored quotes"); its content is in its versions. */
@ObjectType('RentalQuote')
@Entity({ tableName: 'rental_quotes' })
@Index({ properties: ['organization', 'createdAt'] })
export class RentalQuote extends TenantEntity {
  @ManyToOne({ entity: () => Customer, ref: true, deleteRule: 'cascade', index: true })
  customer: Ref<Customer>;

  @Field(() => RentalQuoteStatus)
  @Enum({ items: () => RentalQuoteStatus })
  status: RentalQuoteStatus = RentalQuoteStatus.draft;

  @Field(() => Int, { description: 'Number of the current (newest) version, from 1: the version row (quote, version)' })
  @Property({ type: 'integer' })
  version = 1;

  @Field({ description: 'The current version’s validity date (copied for the list filter and sort)' })
  @Property({ type: 'date' })
  validUntil: string;

  @Field({ description: 'The current version’s total (copied for the list sort)' })
  @Property({ type: 'decimal', precision: 12, scale: 2 })
  total: string;

  @ManyToOne({ entity: () => RentalOrder, ref: true, nullable: true, deleteRule: 'set null' })
  order: Ref<RentalOrder> | null = null;

  @Field(() => Date, { nullable: true, description: 'When the first acceptance link was made' })
  @Property({ type: 'timestamptz', nullable: true })
  sentAt: Date | null = null;

  @ManyToOne({ entity: () => User, ref: true, nullable: true, deleteRule: 'set null' })
  sentBy: Ref<User> | null = null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  declinedAt: Date | null = null;

  @Field(() => Date, { nullable: true, description: 'When it was accepted or converted' })
  @Property({ type: 'timestamptz', nullable: true })
  closedAt: Date | null = null;

  @Field(() => QuoteAcceptance, { nullable: true })
  @Property({ type: 'json', nullable: true })
  acceptance: QuoteAcceptance | null = null;

  @ManyToOne({ entity: () => User, ref: true, nullable: true, deleteRule: 'set null' })
  createdBy: Ref<User> | null = null;

  @Field(() => ID)
  get customerId(): string {
    return this.customer.id;
  }

  @Field(() => ID, { nullable: true, description: 'The transaction it became (accepted or converted)' })
  get orderId(): string | null {
    return this.order?.id ?? null;
  }

  @Field(() => ID, { nullable: true })
  get createdById(): string | null {
    return this.createdBy?.id ?? null;
  }

  constructor(organization: Organization, customer: Customer, props: { validUntil: string; total: string }) {
    super();
    this.organization = ref(organization);
    this.customer = ref(customer);
    Object.assign(this, props);
  }
}
