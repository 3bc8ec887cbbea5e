import { Entity, ManyToOne, Property, Ref, ref } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import { User } from '../../accounts/users/user.entity';
import { InventoryUnit } from '../inventory/inventory-unit.entity';
import type { RentalOrder } from './rental-order.entity';
import type { RentalOrderLine } from './rental-order-line.entity';

/** Units handed out on a line: one row per unit (scanned asset tag), or one row for a bulk quantity. */
@ObjectType('TransactionCheckout')
@Entity({ tableName: 'rental_checkouts' })
export class RentalCheckout extends TenantEntity {
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

  @Field(() => String, { nullable: true })
  @Property({ type: 'decimal', precision: 12, scale: 1, nullable: true })
  meterOut: string | null = null;

  @Field({ description: 'The pre-hire checklist passed (check-out refuses a failed one)' })
  @Property()
  checklistPassed: boolean;

  @ManyToOne({ entity: () => User, ref: true, nullable: true, deleteRule: 'set null' })
  releasedBy: Ref<User> | null = null;

  @Field({ description: 'Who took it (the customer’s person, driver)' })
  @Property({ length: 200 })
  releasedTo: string;

  @Field()
  @Property({ type: 'timestamptz' })
  checkedOutAt: Date;

  @Field(() => ID, { nullable: true })
  get unitId(): string | null {
    return this.unit?.id ?? null;
  }

  @Field(() => ID, { nullable: true, description: 'The member who released it' })
  get releasedById(): string | null {
    return this.releasedBy?.id ?? null;
  }

  @Field(() => ID)
  get lineId(): string {
    return this.line.id;
  }

  constructor(
    line: RentalOrderLine,
    props: Pick<RentalCheckout, 'quantity' | 'checklistPassed' | 'releasedTo' | 'checkedOutAt'>,
  ) {
    super();
    this.organization = line.organization;
    this.order = line.order;
    this.line = ref(line);
    Object.assign(this, props);
  }
}
