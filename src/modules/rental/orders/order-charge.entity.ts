import { Entity, Enum, Index, ManyToOne, Property, Ref, ref } from '@mikro-orm/core';
import { TenantEntity } from '../../../db/tenant.entity';
import { InventoryUnit } from '../inventory/inventory-unit.entity';
import type { RentalOrder } from './rental-order.entity';

export enum OrderChargeKind {
  damage = 'damage',
  late = 'late',
  other = 'other',
}

export enum OrderChargeStatus {
  draft = 'draft',
  approved = 'approved',
  void = 'void',
}

/**
 * A charge on an order beyond its rental price (damage, lateness, other), recorded as a draft that invoicing
 * ("Rental money") approves and bills. The overdue job and check-in keep an order's draft late charges up to
 * date (order-charges.ts); approved and void ones are never touched by them.
 */
@Entity({ tableName: 'rental_order_charges' })
@Index({ properties: ['order', 'kind', 'status'] })
export class RentalOrderCharge extends TenantEntity {
  @ManyToOne({ entity: 'RentalOrder', ref: true, deleteRule: 'cascade' })
  order: Ref<RentalOrder>;

  @Enum({ items: () => OrderChargeKind })
  kind: OrderChargeKind;

  @Enum({ items: () => OrderChargeStatus, default: OrderChargeStatus.draft })
  status: OrderChargeStatus = OrderChargeStatus.draft;

  @Property({ length: 500 })
  description: string;

  @Property({ type: 'decimal', precision: 12, scale: 2 })
  amount: string;

  /** Chargeable days (late charges). */
  @Property({ type: 'integer', nullable: true })
  days: number | null = null;

  @ManyToOne({ entity: () => InventoryUnit, ref: true, nullable: true, deleteRule: 'set null' })
  unit: Ref<InventoryUnit> | null = null;

  constructor(order: RentalOrder, props: { kind: OrderChargeKind; description: string; amount: string }) {
    super();
    this.organization = order.organization;
    this.order = ref(order);
    Object.assign(this, props);
  }
}
