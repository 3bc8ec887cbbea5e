import { ManyToOne, Property, Ref, ref } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import { InventoryUnit } from '../inventory/inventory-unit.entity';
import { CheckResult } from '../inventory/inspection-checklist.entity';
import type { RentalOrder } from './rental-order.entity';
import type { RentalOrderLine } from './rental-order-line.entity';

/** What a check-out and a check-in share: the line, the unit (or a bulk quantity) and the checklist results. */
@ObjectType()
export abstract class RentalFloorRecord extends TenantEntity {
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

  @Field(() => [CheckResult], { description: 'The inspection checklist’s results for this unit or quantity' })
  @Property({ type: 'json', default: "'[]'" })
  checklist: CheckResult[] = [];

  @Field(() => ID, { nullable: true })
  get unitId(): string | null {
    return this.unit?.id ?? null;
  }

  @Field(() => ID)
  get lineId(): string {
    return this.line.id;
  }

  protected constructor(line: RentalOrderLine) {
    super();
    this.organization = line.organization;
    this.order = line.order;
    this.line = ref(line);
  }
}
