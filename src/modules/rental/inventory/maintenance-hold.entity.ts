import { Entity, Enum, Index, ManyToOne, Property, Ref, ref } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../../accounts/organizations/organization.entity';
import { InventoryItem } from './inventory-item.entity';
import { InventoryUnit } from './inventory-unit.entity';

/** manual: made by a member; damage: a check-in found damage; service: a service interval came due. */
export enum HoldSource {
  manual = 'manual',
  damage = 'damage',
  service = 'service',
}
registerEnumType(HoldSource, { name: 'MaintenanceHoldSource' });

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

  @Field(() => HoldSource)
  @Enum({ items: () => HoldSource, default: HoldSource.manual })
  source: HoldSource = HoldSource.manual;

  /** The unit taken out of service (damage and service holds); null: a quantity of the item. */
  @ManyToOne({ entity: () => InventoryUnit, ref: true, nullable: true, deleteRule: 'cascade', index: true })
  unit: Ref<InventoryUnit> | null = null;

  @Field(() => ID)
  get itemId(): string {
    return this.item.id;
  }

  @Field(() => ID, { nullable: true, description: 'The unit it takes out of service (damage and service holds)' })
  get unitId(): string | null {
    return this.unit?.id ?? null;
  }

  constructor(
    organization: Organization | Ref<Organization>,
    item: InventoryItem | Ref<InventoryItem>,
    props: { quantity: number; startDate: string },
  ) {
    super();
    this.organization = ref(organization as Organization);
    this.item = ref(item as InventoryItem);
    this.quantity = props.quantity;
    this.startDate = props.startDate;
  }
}
