import { Entity, Enum, Index, ManyToOne, Property, Ref, ref } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../../accounts/organizations/organization.entity';
import { Contact } from '../contacts/contact.entity';
import { User } from '../../accounts/users/user.entity';
import { Customer } from '../customers/customer.entity';
import { LeadScoreBand, LeadScoreSignal } from './lead-score.types';

export enum LeadStatus {
  new = 'new',
  contacted = 'contacted',
  qualified = 'qualified',
  negotiation = 'negotiation',
  converted = 'converted',
  lost = 'lost',
}
registerEnumType(LeadStatus, {
  name: 'LeadStatus',
  description: 'converted is terminal and reached only by converting the lead',
});

/**
 * Legacy lead: a status over a unified contact of status `lead`. Name, email, phone and company are the
 * contact's (there is no second copy to drift); GraphQL reads them from it (lead.resolver.ts and
 * crm/contact-backed.resolver.ts), and lists and gets populate `contact` so that costs no query.
 */
@ObjectType('Lead')
@Entity({ tableName: 'leads' })
@Index({ properties: ['organization', 'createdAt'] })
@Index({ properties: ['organization', 'score'] })
@Index({ properties: ['organization', 'scoreBand'] })
@Index({ properties: ['organization', 'scoreBasis'] })
export class Lead extends TenantEntity {
  @ManyToOne({ entity: () => Contact, ref: true, deleteRule: 'cascade', index: true })
  contact: Ref<Contact>;

  @Field(() => LeadStatus)
  @Enum({ items: () => LeadStatus })
  status: LeadStatus = LeadStatus.new;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  convertedAt: Date | null = null;

  @ManyToOne({ entity: () => User, ref: true, nullable: true, deleteRule: 'set null', index: true })
  convertedBy: Ref<User> | null = null;

  /** The customer this lead was converted into. */
  @ManyToOne({ entity: () => Customer, ref: true, nullable: true, deleteRule: 'set null', index: true })
  customer: Ref<Customer> | null = null;

  /**
   * AI lead score 0-7 (docs/ai.md, "Lead scoring 0-7"), recomputed in the transaction of every change of
   * the lead, its contact or its company; scored on first read after the migration or a keyword change.
   */
  @Field(() => Int, { nullable: true, description: 'AI score 0-7 (docs/ai.md): the sum of the signals, capped at 7' })
  @Property({ type: 'integer', nullable: true })
  score: number | null = null;

  @Field(() => LeadScoreBand, { nullable: true })
  @Enum({ items: () => LeadScoreBand, nullable: true })
  scoreBand: LeadScoreBand | null = null;

  @Field(() => [LeadScoreSignal], {
    nullable: true,
    description: "Each signal's points and the reason: the score's explanation",
  })
  @Property({ type: 'json', nullable: true })
  scoreSignals: LeadScoreSignal[] | null = null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  scoredAt: Date | null = null;

  /** Digest of the target keywords the score used: a lead scored with other keywords is rescored on read. */
  @Property({ length: 16, nullable: true })
  scoreBasis: string | null = null;

  @Field(() => ID, { nullable: true }) get customerId(): string | null {
    return this.customer?.id ?? null;
  }
  @Field(() => ID, { nullable: true }) get convertedById(): string | null {
    return this.convertedBy?.id ?? null;
  }

  constructor(organization: Organization | Ref<Organization>, contact: Contact, status: LeadStatus) {
    super();
    this.organization = ref(organization as Organization);
    this.contact = ref(contact);
    this.status = status;
  }
}
