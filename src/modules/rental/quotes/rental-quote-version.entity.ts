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

  @Field({ description: 'Tax rate applied, percent' })
  @Property({ type: 'decimal', precision: 6, scale: 3 })
  taxRate: string;

  @Field()
  @Property({ type: 'decimal', precision: 12, scale: 2 })
  subtotal: string;

  @Field()
  @Property({ type: 'decimal', precision: 12, scale: 2 })
  tax: string;

  @Field()
  @Property({ type: 'decimal', precision: 12, scale: 2 })
  total: string;

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
