import { Entity, Index, ManyToOne, Property, Ref, ref } from '@mikro-orm/core';
import { Field, ObjectType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../../accounts/organizations/organization.entity';
import { Contact } from '../contacts/contact.entity';

/**
 * Legacy customer: billing details and the lifetime order value over a unified contact of status
 * `customer`. Name, email, phone, company and owner are the contact's; queries populate `contact`.
 */
@ObjectType('Customer')
@Entity({ tableName: 'customers' })
@Index({ properties: ['organization', 'createdAt'] })
@Index({ properties: ['organization', 'lifetimeOrderValue'] })
export class Customer extends TenantEntity {
  @ManyToOne({ entity: () => Contact, ref: true, deleteRule: 'cascade', index: true })
  contact: Ref<Contact>;

  @Field(() => String, { nullable: true })
  @Property({ length: 300, nullable: true })
  billingAddress: string | null = null;

  @Field(() => String, { nullable: true })
  @Property({ length: 100, nullable: true })
  billingCity: string | null = null;

  @Field(() => String, { nullable: true })
  @Property({ length: 100, nullable: true })
  billingState: string | null = null;

  @Field(() => String, { nullable: true })
  @Property({ length: 20, nullable: true })
  billingZipCode: string | null = null;

  /**
   * Sum of the totals of the customer's completed transactions (exact decimal, as a string). Kept up to
   * date by the transactions module in the transaction that completes or cancels one (docs/crm.md);
   * stored so that sorting by it (`sortBy=lifetimeOrders`) stays an index scan at any size.
   */
  @Field({ description: 'Total of completed transactions, exact decimal string' })
  @Property({ type: 'decimal', precision: 14, scale: 2, default: 0 })
  lifetimeOrderValue: string = '0.00';

  /*
   * Credit and tax exemption (docs/rental.md, "Credit" and "Taxes"): the rental desk checks them when it books an
   * order; a customer holds them as billing details.
   */
  @Field(() => String, {
    nullable: true,
    description: 'Most the customer may owe (open invoices and orders not yet invoiced); null: no limit',
  })
  @Property({ type: 'decimal', precision: 14, scale: 2, nullable: true })
  creditLimit: string | null = null;

  @Field({ description: 'On hold: no order is reserved or extended without an admin override' })
  @Property({ default: false })
  accountHold: boolean = false;

  @Field(() => String, { nullable: true })
  @Property({ length: 500, nullable: true })
  accountHoldReason: string | null = null;

  @Field({ description: 'Tax-exempt: orders carry no tax while the certificate is valid' })
  @Property({ default: false })
  taxExempt: boolean = false;

  @Field(() => String, { nullable: true, description: 'Exemption certificate number' })
  @Property({ length: 100, nullable: true })
  taxExemptCertificate: string | null = null;

  @Field(() => String, { nullable: true, description: 'Last day the certificate is valid (YYYY-MM-DD); null: open' })
  @Property({ type: 'date', nullable: true })
  taxExemptExpiresOn: string | null = null;

  /**
   * The first order day and the last rental day (return date) of the customer's transactions that are not
   * cancelled; null before the first. Kept by the database from rental_orders
   * (Migration20261125010000_customer_order_days, statement triggers), whatever writes the orders; read by the
   * new-vs-returning and churn-risk reports. Not in the API.
   */
  @Property({ type: 'date', nullable: true })
  firstOrderDate: string | null = null;

  @Property({ type: 'date', nullable: true })
  lastRentalDate: string | null = null;

  /** The contact's name (loaded contact required; GraphQL resolves it through crm/contact-backed.resolver.ts). */
  get name(): string {
    return this.contact.getEntity().name;
  }

  constructor(organization: Organization | Ref<Organization>, contact: Contact) {
    super();
    this.organization = ref(organization as Organization);
    this.contact = ref(contact);
  }
}
