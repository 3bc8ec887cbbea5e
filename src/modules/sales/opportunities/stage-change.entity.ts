import { Entity, Index, ManyToOne, Property, Ref, ref } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../../accounts/organizations/organization.entity';
import { User } from '../../accounts/users/user.entity';
import { PipelineStage } from '../pipelines/pipeline-stage.entity';
import type { Opportunity } from './opportunity.entity';

/**
 * One line of an opportunity's stage history: from, to (names kept as they were, so deleting or renaming
 * a stage leaves history readable), who, when, and how long the opportunity had been in the previous stage.
 * The first line of every opportunity has no `from` (its creation).
 */
@ObjectType('OpportunityStageChange')
@Entity({ tableName: 'opportunity_stage_changes' })
@Index({ properties: ['opportunity', 'changedAt'] })
export class OpportunityStageChange extends TenantEntity {
  @ManyToOne({ entity: 'Opportunity', ref: true, deleteRule: 'cascade' })
  opportunity: Ref<Opportunity>;

  @ManyToOne({ entity: () => PipelineStage, ref: true, nullable: true, deleteRule: 'set null', index: true })
  fromStage: Ref<PipelineStage> | null = null;

  @Field(() => String, { nullable: true })
  @Property({ length: 100, nullable: true })
  fromStageName: string | null = null;

  @ManyToOne({ entity: () => PipelineStage, ref: true, nullable: true, deleteRule: 'set null', index: true })
  toStage: Ref<PipelineStage> | null = null;

  @Field()
  @Property({ length: 100 })
  toStageName: string;

  @ManyToOne({ entity: () => User, ref: true, nullable: true, deleteRule: 'set null' })
  changedBy: Ref<User> | null = null;

  @Field()
  @Property({ type: 'timestamptz' })
  changedAt: Date;

  @Field(() => Int, { nullable: true, description: 'Seconds spent in the previous stage; null on creation' })
  @Property({ type: 'integer', nullable: true })
  secondsInPreviousStage: number | null = null;

  @Field(() => String, { nullable: true, description: 'Why (e.g. the lost reason, or "stage deleted")' })
  @Property({ length: 500, nullable: true })
  note: string | null = null;

  @Field(() => ID) get opportunityId(): string {
    return this.opportunity.id;
  }
  @Field(() => ID, { nullable: true }) get fromStageId(): string | null {
    return this.fromStage?.id ?? null;
  }
  @Field(() => ID, { nullable: true }) get toStageId(): string | null {
    return this.toStage?.id ?? null;
  }
  @Field(() => ID, { nullable: true }) get changedById(): string | null {
    return this.changedBy?.id ?? null;
  }

  constructor(
    organization: Organization | Ref<Organization>,
    opportunity: Opportunity,
    to: PipelineStage,
    changedAt: Date,
  ) {
    super();
    this.organization = ref(organization as Organization);
    this.opportunity = ref(opportunity);
    this.toStage = ref(to);
    this.toStageName = to.name;
    this.changedAt = changedAt;
  }
}
