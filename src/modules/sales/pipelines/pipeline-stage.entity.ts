import { Entity, Index, ManyToOne, Property, ref, Ref } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../../accounts/organizations/organization.entity';
import type { Pipeline } from './pipeline.entity';

/**
 * One stage of a pipeline. `position` orders the stages (0 first); `probability` is the win probability
 * an opportunity takes when it enters the stage (unless the move says otherwise). A won stage turns the
 * opportunity into a rental order, a lost stage archives it; a stage is at most one of the two.
 */
@ObjectType('PipelineStage')
@Entity({ tableName: 'pipeline_stages' })
@Index({ properties: ['pipeline', 'position'] })
export class PipelineStage extends TenantEntity {
  @ManyToOne({ entity: 'Pipeline', ref: true, deleteRule: 'cascade', index: true })
  pipeline: Ref<Pipeline>;

  @Field()
  @Property({ length: 100 })
  name: string;

  @Field(() => Int, { description: 'Order in the pipeline, from 0' })
  @Property({ type: 'integer' })
  position: number;

  @Field(() => Int, { description: 'Default win probability (0-100) of an opportunity entering the stage' })
  @Property({ type: 'integer' })
  probability: number;

  @Field()
  @Property({ default: false })
  isWon: boolean = false;

  @Field()
  @Property({ default: false })
  isLost: boolean = false;

  @Field(() => Int, {
    nullable: true,
    description: 'Days an open opportunity may stay here before it is stagnant; null: the organization default',
  })
  @Property({ type: 'integer', nullable: true })
  stagnantDays: number | null = null;

  @Field(() => ID)
  get pipelineId(): string {
    return this.pipeline.id;
  }

  constructor(
    organization: Organization | Ref<Organization>,
    pipeline: Pipeline,
    props: { name: string; position: number; probability: number; isWon?: boolean; isLost?: boolean },
  ) {
    super();
    this.organization = ref(organization as Organization);
    this.pipeline = ref(pipeline);
    this.name = props.name.trim();
    this.position = props.position;
    this.probability = props.probability;
    this.isWon = props.isWon ?? false;
    this.isLost = props.isLost ?? false;
  }
}
