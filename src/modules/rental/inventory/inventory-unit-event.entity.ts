import { Entity, Enum, Index, ManyToOne, Property, Ref, ref } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import { User } from '../../accounts/users/user.entity';
import { InventoryUnit, UnitStatus } from './inventory-unit.entity';

/** A line of a unit's history: created, checked out, checked in, swapped out, status set by hand. */
@ObjectType('InventoryUnitEvent')
@Entity({ tableName: 'inventory_unit_events' })
@Index({ properties: ['unit', 'occurredAt'] })
export class InventoryUnitEvent extends TenantEntity {
  @ManyToOne({ entity: () => InventoryUnit, ref: true, deleteRule: 'cascade' })
  unit: Ref<InventoryUnit>;

  @Field({ description: 'created, checked_out, checked_in, swapped_out, swapped_in, status_changed, serviced' })
  @Property({ length: 30 })
  kind: string;

  @Field()
  @Property({ type: 'timestamptz' })
  occurredAt: Date;

  @Field(() => UnitStatus, { description: 'The unit’s status after the event' })
  @Enum({ items: () => UnitStatus })
  status: UnitStatus;

  @Field(() => String, { nullable: true })
  @Property({ type: 'decimal', precision: 12, scale: 1, nullable: true })
  meterReading: string | null = null;

  @Field(() => ID, { nullable: true, description: 'The transaction, for check-out, check-in and swaps' })
  @Property({ type: 'uuid', nullable: true })
  orderId: string | null = null;

  @Field(() => String, { nullable: true })
  @Property({ length: 2000, nullable: true })
  note: string | null = null;

  @ManyToOne({ entity: () => User, ref: true, nullable: true, deleteRule: 'set null' })
  user: Ref<User> | null = null;

  @Field(() => ID, { nullable: true })
  get userId(): string | null {
    return this.user?.id ?? null;
  }

  constructor(unit: InventoryUnit, kind: string, occurredAt: Date) {
    super();
    this.organization = unit.organization;
    this.unit = ref(unit);
    this.kind = kind;
    this.occurredAt = occurredAt;
    this.status = unit.status;
    this.meterReading = unit.meterReading;
  }
}
