import { Entity, Enum, Property, ref, Unique } from '@mikro-orm/core';
import { Extensions, Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../../accounts/organizations/organization.entity';

/** How an order's deposit is set (docs/rental.md, "Deposits"): none, a fixed amount, a percent of the rental, per item. */
export enum DepositPolicy {
  none = 'none',
  fixed = 'fixed',
  percent = 'percent',
  per_item = 'per_item',
}
registerEnumType(DepositPolicy, {
  name: 'DepositPolicy',
  description:
    "none; fixed: depositAmount per order; percent: depositPercent of the rental subtotal; per_item: each item's depositAmount per unit",
});

/** A delivery zone: what taking equipment to a site in it, and collecting it back, costs. */
@ObjectType()
export class DeliveryZone {
  @Field() name: string;
  @Field({ description: 'Exact decimal string' }) deliveryFee: string;
  @Field({ description: 'Exact decimal string' }) pickupFee: string;
}

/** A tax rate for the items of one inventory category (matched exactly as the items write it). */
@ObjectType()
export class CategoryTaxRate {
  @Field() category: string;
  @Field({ description: 'Percent, exact decimal string' }) taxRate: string;
}

/**
 * The organization's rental settings: the currency its amounts are in, the tax rate applied to transactions and
 * the late-charge policy. One row per organization at most; without a row the defaults apply (USD, 0 %, late
 * charges on, no grace day, the line's daily rate).
 */
@ObjectType('RentalSettings')
@Entity({ tableName: 'rental_settings' })
@Unique({ properties: ['organization'] })
export class RentalSettings extends TenantEntity {
  @Field({ description: 'ISO 4217 code of every amount of the organization, e.g. USD' })
  @Property({ length: 3 })
  currency: string = 'USD';

  @Field({ description: 'Tax rate in percent, exact decimal string (e.g. "8.250" for 8.25 %)' })
  @Property({ type: 'decimal', precision: 6, scale: 3, default: 0 })
  taxRate: string = '0.000';

  @Field({ description: 'Whether overdue orders accrue draft late charges' })
  @Property({ default: true })
  lateChargesEnabled: boolean = true;

  @Field(() => Int, { description: 'Late days not charged (after the return date), 0 to 365' })
  @Property({ type: 'integer', default: 0 })
  lateGraceDays: number = 0;

  @Field(() => String, {
    nullable: true,
    description: 'Late charge per unit and day, exact decimal string; null: the item’s daily rate',
  })
  @Property({ type: 'decimal', precision: 12, scale: 2, nullable: true })
  lateRatePerDay: string | null = null;

  @Field(() => DepositPolicy, { description: 'How an order’s deposit is set (default none)' })
  @Enum({ items: () => DepositPolicy, default: DepositPolicy.none })
  depositPolicy: DepositPolicy = DepositPolicy.none;

  @Field(() => String, { nullable: true, description: 'policy fixed: the deposit of every order' })
  @Property({ type: 'decimal', precision: 12, scale: 2, nullable: true })
  depositAmount: string | null = null;

  @Field(() => String, { nullable: true, description: 'policy percent: percent of the rental subtotal' })
  @Property({ type: 'decimal', precision: 6, scale: 3, nullable: true })
  depositPercent: string | null = null;

  @Field({
    description:
      'Percent the deposit is raised by for a customer with an overdue invoice (0: never raised; up to 1000)',
  })
  @Property({ type: 'decimal', precision: 7, scale: 3, default: 0 })
  depositOverdueRaisePercent: string = '0.000';

  @Field({ description: 'Damage waiver, percent of the rental subtotal; 0: no waiver (default)' })
  @Property({ type: 'decimal', precision: 6, scale: 3, default: 0 })
  waiverPercent: string = '0.000';

  @Field(() => String, { nullable: true, description: 'Flat delivery fee (no zone named); null: none set' })
  @Property({ type: 'decimal', precision: 12, scale: 2, nullable: true })
  deliveryFee: string | null = null;

  @Field(() => String, { nullable: true, description: 'Flat pickup fee (no zone named); null: none set' })
  @Property({ type: 'decimal', precision: 12, scale: 2, nullable: true })
  pickupFee: string | null = null;

  @Field(() => [DeliveryZone], { description: 'Delivery zones and their fees' })
  @Extensions({ maxItems: 50, cost: 0 }) // query cost: stored in the settings row (MAX_ZONES)
  @Property({ type: 'json', default: "'[]'" })
  deliveryZones: DeliveryZone[] = [];

  @Field(() => [CategoryTaxRate], { description: 'Tax rates by inventory category (else taxRate)' })
  @Extensions({ maxItems: 50, cost: 0 }) // query cost: stored in the settings row (MAX_ZONES)
  @Property({ type: 'json', default: "'[]'" })
  categoryTaxRates: CategoryTaxRate[] = [];

  constructor(organization: Organization) {
    super();
    this.organization = ref(organization);
  }
}
