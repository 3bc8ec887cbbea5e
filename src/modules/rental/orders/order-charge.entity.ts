import { Entity, Enum, ManyToOne, Property, Ref, ref } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import { InventoryUnit } from '../inventory/inventory-unit.entity';
import type { RentalOrder } from './rental-order.entity';
import type { Invoice } from './invoice.entity';

/** What a charge is for: damage found at check-in, a late return (overdue), fuel or cleaning at check-in, anything else. */
export enum ChargeKind {
  damage = 'damage',
  late = 'late',
  fuel = 'fuel',
  cleaning = 'cleaning',
  other = 'other',
}
registerEnumType(ChargeKind, { name: 'ChargeKind' });

/** draft: to be priced or confirmed; approved: to be invoiced; void: dropped. approved and void are final. */
export enum ChargeStatus {
  draft = 'draft',
  approved = 'approved',
  void = 'void',
}
registerEnumType(ChargeStatus, { name: 'ChargeStatus' });

/**
 * A charge on an order beside its rental lines (docs/rental.md, "Charges"): damage at check-in, late days of an
 * overdue order. Made as a draft by the desk or a job, approved or voided by a member; never in the order's total.
 */
@ObjectType('TransactionCharge')
@Entity({ tableName: 'rental_order_charges' })
export class OrderCharge extends TenantEntity {
  @ManyToOne({ entity: 'RentalOrder', ref: true, deleteRule: 'cascade', index: true })
  order: Ref<RentalOrder>;

  @Field(() => ChargeKind)
  @Enum({ items: () => ChargeKind })
  kind: ChargeKind;

  @Field(() => ChargeStatus)
  @Enum({ items: () => ChargeStatus, default: ChargeStatus.draft })
  status: ChargeStatus = ChargeStatus.draft;

  @Field()
  @Property({ length: 500 })
  description: string;

  @Field({ description: 'Exact decimal string in the order’s currency; 0.00 on a draft still to be priced' })
  @Property({ type: 'decimal', precision: 12, scale: 2 })
  amount: string;

  @Field(() => Int, { nullable: true, description: 'Units or quantity charged for, when it applies' })
  @Property({ type: 'integer', nullable: true })
  quantity: number | null = null;

  @Field(() => Int, { nullable: true, description: 'Days charged for (late charges)' })
  @Property({ type: 'integer', nullable: true })
  days: number | null = null;

  @ManyToOne({ entity: () => InventoryUnit, ref: true, nullable: true, deleteRule: 'set null' })
  unit: Ref<InventoryUnit> | null = null;

  /** The invoice an approved charge is billed on (set when the invoice is issued, cleared when it is voided). */
  @ManyToOne({ entity: 'Invoice', ref: true, nullable: true, deleteRule: 'set null', index: true })
  invoice: Ref<Invoice> | null = null;

  @Field(() => ID, {
    nullable: true,
    description: 'The invoice this approved charge is billed on; null: not invoiced yet',
  })
  get invoiceId(): string | null {
    return this.invoice?.id ?? null;
  }

  @Field(() => ID)
  get transactionId(): string {
    return this.order.id;
  }

  @Field(() => ID, { nullable: true })
  get unitId(): string | null {
    return this.unit?.id ?? null;
  }

  constructor(order: RentalOrder, props: { kind: ChargeKind; description: string; amount: string }) {
    super();
    this.organization = order.organization;
    this.order = ref(order);
    Object.assign(this, props);
  }
}
