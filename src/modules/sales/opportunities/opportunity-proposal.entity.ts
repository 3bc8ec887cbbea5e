import { Entity, Enum, Index, ManyToOne, Property, Ref, Unique } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import { User } from '../../accounts/users/user.entity';
import { Contact } from '../../crm/contacts/contact.entity';
import { Opportunity } from './opportunity.entity';

export enum ProposalStatus {
  pending = 'pending',
  accepted = 'accepted',
  dismissed = 'dismissed',
}
registerEnumType(ProposalStatus, {
  name: 'OpportunityProposalStatus',
  description: 'pending (waits for a member); accepted (the opportunity was made or updated); dismissed',
});

/** A line of a proposal, priced when the conversation came in (the quote engine's unit price over the period). */
@ObjectType('OpportunityProposalLine')
export class ProposalLine {
  @Field(() => ID, { nullable: true }) itemId: string | null;
  @Field() description: string;
  @Field(() => Int) quantity: number;
  @Field({ description: 'Exact decimal string' }) unitPrice: string;
}

/**
 * An opportunity a conversation asked for, waiting for a member when the organization's
 * aiSettings.opportunityMode is `propose` (docs/sales.md, "Proposals"): accepting it makes the opportunity (or
 * updates the contact's open deal with those items) as `create` mode would have; dismissing it makes nothing.
 * One per conversation.
 */
@ObjectType('OpportunityProposal')
@Entity({ tableName: 'opportunity_proposals' })
@Index({ properties: ['organization', 'status', 'createdAt'] })
@Unique({ properties: ['organization', 'aiSource', 'aiSourceId'] })
export class OpportunityProposal extends TenantEntity {
  @Field({ description: 'The name the opportunity will get' })
  @Property({ length: 200 })
  name: string;

  @ManyToOne({ entity: () => Contact, ref: true, deleteRule: 'cascade', index: true })
  contact: Ref<Contact>;

  @Field({ description: 'Estimated value, exact decimal string, e.g. "1200.00"' })
  @Property({ type: 'decimal', precision: 14, scale: 2 })
  value: string;

  @Field(() => String, { description: 'YYYY-MM-DD' })
  @Property({ type: 'date' })
  expectedCloseDate: string;

  @Field(() => [ProposalLine])
  @Property({ type: 'json' })
  lines: ProposalLine[] = [];

  @Field({ description: 'The sentences that asked for the equipment' })
  @Property({ type: 'text' })
  evidence: string;

  @Field({ description: 'The kind of conversation: email, call, meeting, sms, voice_memo' })
  @Property({ length: 20 })
  aiSource: string;

  @Field(() => ID, { description: 'The activity or voice memo it came from' })
  @Property({ type: 'uuid' })
  aiSourceId: string;

  @Field(() => ProposalStatus)
  @Enum({ items: () => ProposalStatus })
  status: ProposalStatus = ProposalStatus.pending;

  @ManyToOne({ entity: () => Opportunity, ref: true, nullable: true, deleteRule: 'set null' })
  opportunity: Ref<Opportunity> | null = null;

  @ManyToOne({ entity: () => User, ref: true, nullable: true, deleteRule: 'set null' })
  decidedBy: Ref<User> | null = null;

  @Field(() => Date, { nullable: true, description: 'When it was accepted or dismissed' })
  @Property({ type: 'timestamptz', nullable: true })
  decidedAt: Date | null = null;

  @Field(() => ID) get contactId(): string {
    return this.contact.id;
  }
  @Field(() => ID, { nullable: true, description: 'Accepted: the opportunity made or updated' })
  get opportunityId(): string | null {
    return this.opportunity?.id ?? null;
  }
  @Field(() => ID, { nullable: true }) get decidedById(): string | null {
    return this.decidedBy?.id ?? null;
  }
}
