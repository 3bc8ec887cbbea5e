import { Entity, Enum, ManyToOne, Property, Ref, ref } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import { User } from '../../accounts/users/user.entity';
import { InventoryUnit } from '../inventory/inventory-unit.entity';
import type { RentalOrder } from './rental-order.entity';
import type { RentalOrderLine } from './rental-order-line.entity';

export enum ReturnCondition {
  good = 'good',
  dirty = 'dirty',
  damaged = 'damaged',
}
registerEnumType(ReturnCondition, { name: 'ReturnCondition' });

/** return: the units came back; swap: a unit replaced on the line (the line keeps its quantity). */
export enum ReturnKind {
  return = 'return',
  swap = 'swap',
}
registerEnumType(ReturnKind, { name: 'ReturnKind' });

/** Units taken back on a line: one row per unit, or one row for part of a bulk quantity. */
@ObjectType('TransactionReturn')
@Entity({ tableName: 'rental_returns' })
export class RentalReturn extends TenantEntity {
  @ManyToOne({ entity: 'RentalOrder', ref: true, deleteRule: 'cascade', index: true })
  order: Ref<RentalOrder>;

  @ManyToOne({ entity: 'RentalOrderLine', ref: true, deleteRule: 'cascade', index: true })
  line: Ref<RentalOrderLine>;

  @ManyToOne({ entity: () => InventoryUnit, ref: true, nullable: true, deleteRule: 'set null', index: true })
  unit: Ref<InventoryUnit> | null = null;

  @Field(() => String, { nullable: true, description: 'The unit’s asset tag as scanned (null for a bulk quantity)' })
  @Property({ length: 100, nullable: true })
  assetTag: string | null = null;

  @Field(() => Int)
  @Property({ type: 'integer' })
  quantity: number;

  @Field(() => ReturnKind)
  @Enum({ items: () => ReturnKind })
  kind: ReturnKind = ReturnKind.return;

  @Field({ description: 'The day it came back (YYYY-MM-DD); the units are free from the next day' })
  @Property({ type: 'date' })
  returnedOn: string;

  @Field(() => String, { nullable: true })
  @Property({ type: 'decimal', precision: 12, scale: 1, nullable: true })
  meterIn: string | null = null;

  @Field(() => ReturnCondition)
  @Enum({ items: () => ReturnCondition })
  condition: ReturnCondition;

  @Field(() => String, { nullable: true })
  @Property({ length: 2000, nullable: true })
  damageNotes: string | null = null;

  @Field(() => [String], { description: 'References (URLs) of the photos taken at check-in' })
  @Property({ type: 'json' })
  photoUrls: string[] = [];

  @Field(() => Boolean, { nullable: true, description: 'The post-hire checklist passed' })
  @Property({ type: 'boolean', nullable: true })
  checklistPassed: boolean | null = null;

  @ManyToOne({ entity: () => User, ref: true, nullable: true, deleteRule: 'set null' })
  receivedBy: Ref<User> | null = null;

  @Field()
  @Property({ type: 'timestamptz' })
  checkedInAt: Date;

  @Field(() => ID, { nullable: true })
  get unitId(): string | null {
    return this.unit?.id ?? null;
  }

  @Field(() => ID, { nullable: true, description: 'The member who took it back' })
  get receivedById(): string | null {
    return this.receivedBy?.id ?? null;
  }

  @Field(() => ID)
  get lineId(): string {
    return this.line.id;
  }

  constructor(
    line: RentalOrderLine,
    props: Pick<RentalReturn, 'quantity' | 'kind' | 'returnedOn' | 'condition' | 'checkedInAt'>,
  ) {
    super();
    this.organization = line.organization;
    this.order = line.order;
    this.line = ref(line);
    Object.assign(this, props);
  }
}
