import { Entity, Index, ManyToOne, Property, Ref, ref } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../../accounts/organizations/organization.entity';
import { InventoryItem } from './inventory-item.entity';

/**
 * Units of an item out of service from `startDate` through `endDate` (inclusive, whole days), or from
 * `startDate` on when `endDate` is null (open-ended). They reduce the item's availability on those days.
 */
@ObjectType('MaintenanceHold')
@Entity({ tableName: 'maintenance_holds' })
@Index({ properties: ['item', 'startDate'] })
export class MaintenanceHold extends TenantEntity {
  @ManyToOne({ entity: () => InventoryItem, ref: true, deleteRule: 'cascade' })
  item: Ref<InventoryItem>;

  @Field(() => Int)
  @Property({ type: 'integer' })
  quantity: number;

  @Field({ description: 'First day out of service (YYYY-MM-DD)' })
  @Property({ type: 'date' })
  startDate: string;

  @Field(() => String, {
    nullable: true,
    description: 'Last day out of service (YYYY-MM-DD, inclusive); null: until further notice',
  })
  @Property({ type: 'date', nullable: true })
  endDate: string | null = null;

  @Field(() => String, { nullable: true })
  @Property({ length: 500, nullable: true })
  reason: string | null = null;

  @Field(() => ID)
  get itemId(): string {
    return this.item.id;
  }

  constructor(organization: Organization, item: InventoryItem, props: { quantity: number; startDate: string }) {
    super();
    this.organization = ref(organization);
    this.item = ref(item);
    this.quantity = props.quantity;
    this.startDate = props.startDate;
  }
}
