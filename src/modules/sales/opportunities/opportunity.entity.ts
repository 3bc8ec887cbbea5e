import { Entity, Enum, Index, ManyToOne, Property, Ref, ref } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../../accounts/organizations/organization.entity';
import { User } from '../../accounts/users/user.entity';
import { Contact } from '../../crm/contacts/contact.entity';
import { Customer } from '../../crm/customers/customer.entity';
import { Company } from '../../crm/companies/company.entity';
import { RentalOrder } from '../../rental/orders/rental-order.entity';
import { Pipeline } from '../pipelines/pipeline.entity';
import { PipelineStage } from '../pipelines/pipeline-stage.entity';

/** Derived from the stage: open in an ordinary stage, won in a won stage, lost (archived) in a lost stage. */
export enum OpportunityStatus {
  open = 'open',
  won = 'won',
  lost = 'lost',
}
registerEnumType(OpportunityStatus, {
  name: 'OpportunityStatus',
  description: 'open; won (a rental order was created); lost (archived, hidden from default lists)',
});

/**
 * A deal: a contact or customer, a stage of a pipeline, an estimated value (exact decimal, numeric(14,2))
 * and a win probability. Stage moves go through one operation that records history (docs/sales.md).
 */
@ObjectType('Opportunity')
@Entity({ tableName: 'opportunities' })
@Index({ properties: ['organization', 'status', 'expectedCloseDate'] })
@Index({ properties: ['organization', 'createdAt'] })
export class Opportunity extends TenantEntity {
  @Field()
  @Property({ length: 200 })
  name: string;

  @ManyToOne({ entity: () => Contact, ref: true, nullable: true, deleteRule: 'set null', index: true })
  contact: Ref<Contact> | null = null;

  @ManyToOne({ entity: () => Customer, ref: true, nullable: true, deleteRule: 'set null', index: true })
  customer: Ref<Customer> | null = null;

  @ManyToOne({ entity: () => Company, ref: true, nullable: true, deleteRule: 'set null', index: true })
  company: Ref<Company> | null = null;

  @ManyToOne({ entity: () => User, ref: true, nullable: true, deleteRule: 'set null', index: true })
  owner: Ref<User> | null = null;

  @ManyToOne({ entity: () => Pipeline, ref: true, deleteRule: 'cascade', index: true })
  pipeline: Ref<Pipeline>;

  @ManyToOne({ entity: () => PipelineStage, ref: true, index: true })
  stage: Ref<PipelineStage>;

  @Field({ description: 'Estimated value, exact decimal string, e.g. "12500.00"' })
  @Property({ type: 'decimal', precision: 14, scale: 2 })
  value: string = '0.00';

  @Field(() => Int, { description: 'Win probability, 0-100 percent' })
  @Property({ type: 'integer' })
  probability: number;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' })
  @Property({ type: 'date', nullable: true })
  expectedCloseDate: string | null = null;

  @Field(() => OpportunityStatus)
  @Enum({ items: () => OpportunityStatus })
  status: OpportunityStatus = OpportunityStatus.open;

  @Field({ description: 'When the opportunity entered its current stage (time in stage, stage drift)' })
  @Property({ type: 'timestamptz' })
  stageEnteredAt: Date;

  @Field(() => Date, { nullable: true, description: 'When it was won or lost' })
  @Property({ type: 'timestamptz', nullable: true })
  closedAt: Date | null = null;

  @Field(() => Date, {
    nullable: true,
    description: 'Set when lost: archived opportunities are hidden from default lists',
  })
  @Property({ type: 'timestamptz', nullable: true })
  archivedAt: Date | null = null;

  @Field(() => String, { nullable: true })
  @Property({ length: 500, nullable: true })
  lostReason: string | null = null;

  @ManyToOne({ entity: () => RentalOrder, ref: true, nullable: true, deleteRule: 'set null' })
  rentalOrder: Ref<RentalOrder> | null = null;

  @Field()
  @Property({ default: false })
  isAiGenerated: boolean = false;

  @Field(() => String, {
    nullable: true,
    description: 'AI-made: the kind of conversation it came from (email, call, meeting, sms, voice_memo)',
  })
  @Property({ length: 20, nullable: true })
  aiSource: string | null = null;

  @Field(() => ID, { nullable: true, description: 'AI-made: the activity or voice memo it came from (the latest)' })
  @Property({ type: 'uuid', nullable: true })
  aiSourceId: string | null = null;

  @Field(() => String, { nullable: true, description: 'AI-made: the sentences that asked for the equipment' })
  @Property({ type: 'text', nullable: true })
  aiEvidence: string | null = null;

  @ManyToOne({ entity: () => User, ref: true, nullable: true, deleteRule: 'set null' })
  createdBy: Ref<User> | null = null;

  @Field(() => ID, { nullable: true }) get contactId(): string | null {
    return this.contact?.id ?? null;
  }
  @Field(() => ID, { nullable: true }) get customerId(): string | null {
    return this.customer?.id ?? null;
  }
  @Field(() => ID, { nullable: true }) get companyId(): string | null {
    return this.company?.id ?? null;
  }
  @Field(() => ID, { nullable: true }) get ownerId(): string | null {
    return this.owner?.id ?? null;
  }
  @Field(() => ID) get pipelineId(): string {
    return this.pipeline.id;
  }
  @Field(() => ID) get stageId(): string {
    return this.stage.id;
  }
  @Field(() => ID, {
    nullable: true,
    description: 'The rental order (transaction) created when the opportunity was won',
  })
  get transactionId(): string | null {
    return this.rentalOrder?.id ?? null;
  }
  @Field(() => ID, { nullable: true }) get createdById(): string | null {
    return this.createdBy?.id ?? null;
  }

  constructor(organization: Organization | Ref<Organization>, name: string, stage: PipelineStage, enteredAt: Date) {
    super();
    this.organization = ref(organization as Organization);
    this.name = name.trim();
    this.pipeline = stage.pipeline;
    this.stage = ref(stage);
    this.probability = stage.probability;
    this.stageEnteredAt = enteredAt;
  }
}
