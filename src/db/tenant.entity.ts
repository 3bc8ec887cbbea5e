import { ManyToOne, Ref } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { BaseEntity } from './base.entity';
import type { TenantRoot } from './tenant-root';
import { TENANT_ENTITY } from './tenant-root';

/**
 * Every tenant-owned record carries its organization. The global `tenant` filter (db/tenant-filter.ts)
 * scopes every query of an entity that has an `organization` property to the request's organization.
 */
@ObjectType()
export abstract class TenantEntity extends BaseEntity {
  @ManyToOne({ entity: TENANT_ENTITY, ref: true, deleteRule: 'cascade', index: true })
  organization: Ref<TenantRoot>;

  @Field(() => ID)
  get organizationId(): string {
    return this.organization.id;
  }
}
