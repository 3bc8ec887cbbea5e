import { Entity, Enum, Index, Property, ref, Unique } from '@mikro-orm/core';
import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { GraphQLJSONObject } from 'graphql-scalars';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../../accounts/organizations/organization.entity';

/** Wire values as the spec writes them (lowercase). A retired item stays on record but is never available. */
export enum InventoryStatus {
  active = 'active',
  retired = 'retired',
}
registerEnumType(InventoryStatus, {
  name: 'InventoryStatus',
  description: 'active: rentable; retired: kept for history, never available',
});

/** bulk: a count of interchangeable units (quantityOwned); unit: each machine on record, quantityOwned = its units not retired. */
export enum InventoryTracking {
  bulk = 'bulk',
  unit = 'unit',
}
registerEnumType(InventoryTracking, { name: 'InventoryTracking' });

/**
 * One catalog entry: a kind of equipment the organization owns `quantityOwned` units of. Rates are exact
 * decimals in the organization's currency (strings, numeric(12,2)); weekly and monthly are optional and
 * the quote engine uses them only when set (docs/rental.md).
 */
@ObjectType('InventoryItem')
@Entity({ tableName: 'inventory_items' })
@Unique({ properties: ['organization', 'itemNumber'] })
@Index({ properties: ['organization', 'category'] })
@Index({ properties: ['organization', 'name'] })
@Index({
  name: 'inventory_items_name_trgm_index',
  expression: 'create index "inventory_items_name_trgm_index" on "inventory_items" using gin ("name" gin_trgm_ops);',
})
export class InventoryItem extends TenantEntity {
  @Field()
  @Property({ length: 200 })
  name: string;

  @Field({ description: 'Unique per organization' })
  @Property({ length: 100 })
  itemNumber: string;

  @Field(() => String, { nullable: true })
  @Property({ length: 100, nullable: true })
  category: string | null = null;

  @Field({ description: 'Rate for one day, exact decimal string' })
  @Property({ type: 'decimal', precision: 12, scale: 2 })
  dailyRate: string;

  @Field(() => String, { nullable: true, description: 'Rate for one week (7 days), exact decimal string' })
  @Property({ type: 'decimal', precision: 12, scale: 2, nullable: true })
  weeklyRate: string | null = null;

  @Field(() => String, { nullable: true, description: 'Rate for one month (30 days), exact decimal string' })
  @Property({ type: 'decimal', precision: 12, scale: 2, nullable: true })
  monthlyRate: string | null = null;

  @Field(() => InventoryTracking, { description: 'bulk (a quantity) or unit (each machine by asset tag)' })
  @Enum({ items: () => InventoryTracking, default: InventoryTracking.bulk })
  tracking: InventoryTracking = InventoryTracking.bulk;

  @Field(() => Int, {
    description:
      'Units the organization owns (availability subtracts bookings and maintenance); for an item tracked by unit, its units not retired',
  })
  @Property({ type: 'integer' })
  quantityOwned: number;

  @Field(() => GraphQLJSONObject, { description: 'Specifications as key/value strings, e.g. {"weight": "2.5 t"}' })
  @Property({ type: 'json' })
  specifications: Record<string, string> = {};

  @Field(() => String, { nullable: true })
  @Property({ length: 1000, nullable: true })
  imageUrl: string | null = null;

  @Field(() => String, { nullable: true, description: 'Service every N meter hours (units); null: no hour interval' })
  @Property({ type: 'decimal', precision: 12, scale: 1, nullable: true })
  serviceEveryHours: string | null = null;

  @Field(() => Int, { nullable: true, description: 'Service every N days (units); null: no day interval' })
  @Property({ type: 'integer', nullable: true })
  serviceEveryDays: number | null = null;

  @Field(() => Int, { nullable: true, description: 'Service every N rentals (units); null: no rental interval' })
  @Property({ type: 'integer', nullable: true })
  serviceEveryRentals: number | null = null;

  @Field(() => String, {
    nullable: true,
    description: 'Deposit per unit under the per_item deposit policy, exact decimal string; null: none',
  })
  @Property({ type: 'decimal', precision: 12, scale: 2, nullable: true })
  depositAmount: string | null = null;

  @Field(() => String, {
    nullable: true,
    description: 'Tax rate of its order lines, percent; null: its category’s rate, else the organization’s',
  })
  @Property({ type: 'decimal', precision: 6, scale: 3, nullable: true })
  taxRate: string | null = null;

  @Field(() => InventoryStatus)
  @Enum({ items: () => InventoryStatus, default: InventoryStatus.active })
  status: InventoryStatus = InventoryStatus.active;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  retiredAt: Date | null = null;

  constructor(
    organization: Organization,
    props: { name: string; itemNumber: string; dailyRate: string; quantityOwned: number },
  ) {
    super();
    this.organization = ref(organization);
    this.name = props.name;
    this.itemNumber = props.itemNumber;
    this.dailyRate = props.dailyRate;
    this.quantityOwned = props.quantityOwned;
  }
}
