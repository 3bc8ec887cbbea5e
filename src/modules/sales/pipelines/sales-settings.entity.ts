import { Entity, Property, ref, Ref, Unique } from '@mikro-orm/core';
import { Field, Int, ObjectType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../../accounts/organizations/organization.entity';

export const DEFAULT_STAGNANT_DAYS = 14;
export const DEFAULT_COMMIT_PROBABILITY = 75;

/** The organization's sales settings; without a row the defaults apply. One row per organization at most. */
@ObjectType('SalesSettings')
@Entity({ tableName: 'sales_settings' })
@Unique({ properties: ['organization'] })
export class SalesSettings extends TenantEntity {
  @Field(() => Int, {
    description: 'Days an open opportunity may stay in a stage without its own threshold before it is stagnant',
  })
  @Property({ type: 'integer', default: DEFAULT_STAGNANT_DAYS })
  stagnantDays: number = DEFAULT_STAGNANT_DAYS;

  @Field(() => Int, {
    description: 'Forecast: open opportunities with at least this win probability are in the commit case',
  })
  @Property({ type: 'integer', default: DEFAULT_COMMIT_PROBABILITY })
  commitProbability: number = DEFAULT_COMMIT_PROBABILITY;

  constructor(organization: Organization | Ref<Organization>) {
    super();
    this.organization = ref(organization as Organization);
  }
}
