import { Entity, Enum, ManyToOne, Property, Ref, ref, Unique } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../../accounts/organizations/organization.entity';
import { InventoryItem } from './inventory-item.entity';

export enum MeterKind {
  hours = 'hours',
  miles = 'miles',
  none = 'none',
}
registerEnumType(MeterKind, { name: 'MeterKind', description: 'What the unit’s meter counts' });

/** Where a unit is (docs/rental.md, "Units"). on_rent is set by check-out, awaiting_inspection by a check-in that was not clean. */
export enum UnitStatus {
  available = 'available',
  reserved = 'reserved',
  on_rent = 'on_rent',
  awaiting_inspection = 'awaiting_inspection',
  in_maintenance = 'in_maintenance',
  retired = 'retired',
}
registerEnumType(UnitStatus, { name: 'UnitStatus' });

/** Statuses a desk may set by hand; on_rent comes and goes with check-out and check-in only. */
export const OUT_OF_SERVICE: readonly UnitStatus[] = [UnitStatus.awaiting_inspection, UnitStatus.in_maintenance];

/** One physical machine of an item tracked by unit: its asset tag (unique per organization), identity, meter and status. */
@ObjectType('InventoryUnit')
@Entity({ tableName: 'inventory_units' })
@Unique({ properties: ['organization', 'assetTag'] })
export class InventoryUnit extends TenantEntity {
  @ManyToOne({ entity: () => InventoryItem, ref: true, deleteRule: 'cascade', index: true })
  item: Ref<InventoryItem>;

  @Field({ description: 'Unique per organization; what the desk scans' })
  @Property({ length: 100 })
  assetTag: string;

  @Field(() => String, { nullable: true })
  @Property({ length: 100, nullable: true })
  serialNumber: string | null = null;

  @Field(() => String, { nullable: true })
  @Property({ length: 100, nullable: true })
  make: string | null = null;

  @Field(() => String, { nullable: true })
  @Property({ length: 100, nullable: true })
  model: string | null = null;

  @Field(() => Int, { nullable: true })
  @Property({ type: 'integer', nullable: true })
  year: number | null = null;

  @Field(() => MeterKind)
  @Enum({ items: () => MeterKind })
  meterKind: MeterKind = MeterKind.none;

  @Field(() => String, { nullable: true, description: 'Current reading, decimal string with one decimal at most' })
  @Property({ type: 'decimal', precision: 12, scale: 1, nullable: true })
  meterReading: string | null = null;

  @Field(() => UnitStatus)
  @Enum({ items: () => UnitStatus })
  status: UnitStatus = UnitStatus.available;

  /** First day an awaiting_inspection or in_maintenance unit is out of the pool (availability source). */
  @Property({ type: 'date', nullable: true })
  outOfServiceFrom: string | null = null;

  @Field(() => String, { nullable: true })
  @Property({ length: 2000, nullable: true })
  notes: string | null = null;

  @Field(() => String, {
    nullable: true,
    description: 'Day of the last service (YYYY-MM-DD); day intervals count from it',
  })
  @Property({ type: 'date', nullable: true })
  lastServiceOn: string | null = null;

  @Field(() => String, {
    nullable: true,
    description: 'Meter reading at the last service; hour intervals count from it',
  })
  @Property({ type: 'decimal', precision: 12, scale: 1, nullable: true })
  lastServiceMeter: string | null = null;

  @Field(() => Int, { description: 'Rentals (check-ins) since the last service' })
  @Property({ type: 'integer', default: 0 })
  rentalsSinceService: number = 0;

  @Field(() => ID)
  get itemId(): string {
    return this.item.id;
  }

  constructor(organization: Organization | Ref<Organization>, item: InventoryItem, assetTag: string) {
    super();
    this.organization = ref(organization as Organization);
    this.item = ref(item);
    this.assetTag = assetTag;
  }
}
