import { ManyToOne, Ref } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { BaseEntity } from './base.entity';
import type { Organization } from '../modules/accounts/organizations/organization.entity';

/**
 * Every tenant-owned record carries its organization. The global `tenant` filter (db/tenant-filter.ts)
 * scopes every query of an entity that has an `organization` property to the request's organization.
 */
@ObjectType()
export abstract class TenantEntity extends BaseEntity {
  @ManyToOne({ entity: 'Organization', ref: true, deleteRule: 'cascade', index: true })
  organization: Ref<Organization>;

  @Field(() => ID)
  get organizationId(): string {
    return this.organization.id;
  }
}
