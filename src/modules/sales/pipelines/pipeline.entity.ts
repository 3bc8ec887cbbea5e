import { Collection, Entity, OneToMany, Property, ref, Ref, Unique } from '@mikro-orm/core';
import { Field, ObjectType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../../accounts/organizations/organization.entity';
import { PipelineStage } from './pipeline-stage.entity';

/**
 * A sales pipeline: ordered stages an opportunity moves through. Every organization has exactly one
 * default pipeline (created on first use, docs/sales.md); the partial unique index guarantees "one".
 */
@ObjectType('Pipeline')
@Entity({ tableName: 'pipelines' })
@Unique({
  name: 'pipelines_organization_id_default_unique',
  expression:
    'create unique index "pipelines_organization_id_default_unique" on "pipelines" ("organization_id") where "is_default" = true;',
})
export class Pipeline extends TenantEntity {
  @Field()
  @Property({ length: 100 })
  name: string;

  @Field({ description: 'New opportunities without a stageId start in the first stage of the default pipeline' })
  @Property({ default: false })
  isDefault: boolean = false;

  @OneToMany(() => PipelineStage, (s) => s.pipeline)
  stages = new Collection<PipelineStage>(this);

  constructor(organization: Organization | Ref<Organization>, name: string, isDefault = false) {
    super();
    this.organization = ref(organization as Organization);
    this.name = name.trim();
    this.isDefault = isDefault;
  }
}
