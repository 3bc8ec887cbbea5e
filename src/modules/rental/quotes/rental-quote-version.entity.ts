import { Entity, Enum, Index, ManyToOne, Property, Ref, ref, Unique } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../../accounts/organizations/organization.entity';
import { User } from '../../accounts/users/user.entity';
import type { RentalQuote } from './rental-quote.entity';

export enum DeliveryMethod {
  pickup = 'pickup',
  delivery = 'delivery',
}
registerEnumType(DeliveryMethod, {
  name: 'QuoteDeliveryMethod',
  description: 'pickup: the customer collects at the yard; delivery: to deliveryAddress',
});

/**
 * One version of a quote: what the customer is offered, priced by the order engine when it was written, never changed
 * afterwards (a change is a new version). `contentHash` is sha256 of its canonical content (quote-content.ts).
 */
@ObjectType('RentalQuoteVersion')
@Entity({ tableName: 'rental_quote_versions' })
@Unique({ properties: ['quote', 'version'] })
@Index({ properties: ['quote'] })
export class RentalQuoteVersion extends TenantEntity {
  @ManyToOne({ entity: 'RentalQuote', ref: true, deleteRule: 'cascade' })
  quote: Ref<RentalQuote>;

  @Field(() => Int, { description: '1 for the first, one more for each change' })
  @Property({ type: 'integer' })
  version: number;

  @Field({ description: 'First rental day (YYYY-MM-DD)' })
  @Property({ type: 'date' })
  pickupDate: string;

  @Field({ description: 'Last rental day, inclusive (YYYY-MM-DD)' })
  @Property({ type: 'date' })
  returnDate: string;

  @Field(() => Int)
  @Property({ type: 'integer' })
  rentalDays: number;

  @Field({ description: "Last day the offer stands (YYYY-MM-DD, the organization's day); expired after it" })
  @Property({ type: 'date' })
  validUntil: string;

  @Field(() => DeliveryMethod)
  @Enum({ items: () => DeliveryMethod })
  deliveryMethod: DeliveryMethod = DeliveryMethod.pickup;

  @Field(() => String, { nullable: true, description: 'Where to deliver (deliveryMethod delivery)' })
  @Property({ length: 500, nullable: true })
  deliveryAddress: string | null = null;

  @Field(() => String, { nullable: true })
  @Property({ length: 2000, nullable: true })
  notes: string | null = null;

  @Field()
  @Property({ length: 3 })
  currency: string;

  @Field({ description: 'The organization’s tax rate, percent (0 for a tax-exempt customer); each line has its own' })
  @Property({ type: 'decimal', precision: 6, scale: 3 })
  taxRate: string;

  @Field()
  @Property({ type: 'decimal', precision: 12, scale: 2 })
  subtotal: string;

  @Field()
  @Property({ type: 'decimal', precision: 12, scale: 2 })
  tax: string;

  @Field({ description: 'subtotal + damageWaiver + deliveryFee + pickupFee + tax' })
  @Property({ type: 'decimal', precision: 12, scale: 2 })
  total: string;

  /* The charges beyond the rate, computed as for the order it would book (orders/billing/order-billing.ts, chargesOf). */
  @Field({ description: 'The customer declines the damage waiver (passed to the order it books)' })
  @Property({ default: false })
  waiverOptOut: boolean = false;

  @Field({ description: 'The organization takes the equipment to the site (the zone’s or the flat delivery fee)' })
  @Property({ default: false })
  delivery: boolean = false;

  @Field({ description: 'The organization collects the equipment from the site (the zone’s or the flat pickup fee)' })
  @Property({ default: false })
  pickup: boolean = false;

  @Field(() => String, { nullable: true, description: 'The delivery zone priced; null: the flat fees' })
  @Property({ length: 100, nullable: true })
  deliveryZone: string | null = null;

  @Field({ description: 'Damage waiver percent applied (0 when off or declined)' })
  @Property({ type: 'decimal', precision: 6, scale: 3, default: 0 })
  waiverPercent: string = '0.000';

  @Field({ description: 'subtotal x waiverPercent / 100, rounded half-up to cents' })
  @Property({ type: 'decimal', precision: 12, scale: 2, default: 0 })
  damageWaiver: string = '0.00';

  @Field() @Property({ type: 'decimal', precision: 12, scale: 2, default: 0 }) deliveryFee: string = '0.00';
  @Field() @Property({ type: 'decimal', precision: 12, scale: 2, default: 0 }) pickupFee: string = '0.00';

  @Field({ description: 'The deposit to pay when the quote is booked (not part of total)' })
  @Property({ type: 'decimal', precision: 12, scale: 2, default: 0 })
  deposit: string = '0.00';

  @Field({ description: 'The deposit is raised: the customer had an overdue invoice when the version was written' })
  @Property({ default: false })
  depositRaised: boolean = false;

  @Field({ description: 'The customer was tax-exempt (a valid certificate) when the version was written: no tax' })
  @Property({ default: false })
  taxExempt: boolean = false;

  @Field(() => Int, {
    description:
      'What contentHash covers: 1 (written before the charges) the rate lines; 2 the charges and line tax rates too',
  })
  @Property({ type: 'smallint', default: 2 })
  contentFormat: number = 2;

  @Field({ description: 'sha256 (hex) of the canonical JSON of this version (docs/rental.md, "Stored quotes")' })
  @Property({ length: 64 })
  contentHash: string;

  @ManyToOne({ entity: () => User, ref: true, nullable: true, deleteRule: 'set null' })
  createdBy: Ref<User> | null = null;

  @Field(() => ID)
  get quoteId(): string {
    return this.quote.id;
  }

  @Field(() => ID, { nullable: true })
  get createdById(): string | null {
    return this.createdBy?.id ?? null;
  }

  constructor(
    organization: Organization,
    quote: RentalQuote,
    props: Pick<
      RentalQuoteVersion,
      | 'version'
      | 'pickupDate'
      | 'returnDate'
      | 'rentalDays'
      | 'validUntil'
      | 'deliveryMethod'
      | 'deliveryAddress'
      | 'notes'
      | 'currency'
      | 'taxRate'
    >,
  ) {
    super();
    this.organization = ref(organization);
    this.quote = ref(quote);
    Object.assign(this, props);
  }
}
