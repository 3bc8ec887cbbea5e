import { Entity, Enum, Index, ManyToOne, Property, Ref } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import { Customer } from '../../crm/customers/customer.entity';
import { InventoryItem } from './inventory-item.entity';
import { PricingRuleData, PricingRuleKind, RuleRef, VolumeTier } from './pricing-rules';

registerEnumType(PricingRuleKind, {
  name: 'PricingRuleKind',
  description:
    'weekend: Saturday/Sunday day periods at a multiplier or fixed day rate; season: a date range at a multiplier; minimum_period: billed at least N days; rate_card: a customer’s own rates; customer_discount: a customer’s percent off; volume_discount: percent off by the line’s quantity',
});

@ObjectType('VolumeTier')
export class VolumeTierType implements VolumeTier {
  @Field(() => Int, { description: 'From this many units on the line' }) minQuantity: number;
  @Field({ description: 'Percent off, e.g. "10.00"' }) percent: string;
}

/** What a priced line or discount names: the rule that priced it. */
@ObjectType('PricingRuleRef')
export class PricingRuleRef implements RuleRef {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field(() => PricingRuleKind) kind: PricingRuleKind;
}

/**
 * One pricing rule of an organization (docs/rental.md, "Pricing rules"): its kind, its scope (an item, a category,
 * or every item when neither is set), the customer for a customer's kinds, and the fields of its kind (the others
 * are null). Orders keep the rules they were priced with, so a later change here never re-prices an order line.
 */
@ObjectType('PricingRule')
@Entity({ tableName: 'pricing_rules' })
@Index({ properties: ['organization', 'kind'] })
export class PricingRule extends TenantEntity {
  @Field()
  @Property({ length: 200 })
  name: string;

  @Field(() => PricingRuleKind)
  @Enum({ items: () => PricingRuleKind })
  kind: PricingRuleKind;

  @Field({ description: 'An inactive rule prices nothing' })
  @Property({ default: true })
  active: boolean = true;

  @ManyToOne({ entity: () => InventoryItem, ref: true, nullable: true, deleteRule: 'cascade', index: true })
  item: Ref<InventoryItem> | null = null;

  @Field(() => String, { nullable: true, description: 'Scope: the items of this category (exact, as on the items)' })
  @Property({ length: 100, nullable: true })
  category: string | null = null;

  @ManyToOne({ entity: () => Customer, ref: true, nullable: true, deleteRule: 'cascade', index: true })
  customer: Ref<Customer> | null = null;

  @Field(() => String, { nullable: true, description: 'weekend, season: the rate times this (3 decimals)' })
  @Property({ type: 'decimal', precision: 6, scale: 3, nullable: true })
  multiplier: string | null = null;

  @Field(() => String, { nullable: true, description: 'weekend: a fixed rate per Saturday or Sunday day' })
  @Property({ type: 'decimal', precision: 12, scale: 2, nullable: true })
  dayRate: string | null = null;

  @Field(() => String, { nullable: true, description: 'season: first day (YYYY-MM-DD)' })
  @Property({ type: 'date', nullable: true })
  startDate: string | null = null;

  @Field(() => String, { nullable: true, description: 'season: last day, inclusive' })
  @Property({ type: 'date', nullable: true })
  endDate: string | null = null;

  @Field(() => Int, { nullable: true, description: 'minimum_period: billed at least this many days' })
  @Property({ type: 'integer', nullable: true })
  minimumDays: number | null = null;

  @Field(() => String, { nullable: true, description: 'rate_card: the customer’s daily rate' })
  @Property({ type: 'decimal', precision: 12, scale: 2, nullable: true })
  dailyRate: string | null = null;

  @Field(() => String, { nullable: true, description: 'rate_card: weekly rate; null: the item’s' })
  @Property({ type: 'decimal', precision: 12, scale: 2, nullable: true })
  weeklyRate: string | null = null;

  @Field(() => String, { nullable: true, description: 'rate_card: monthly rate; null: the item’s' })
  @Property({ type: 'decimal', precision: 12, scale: 2, nullable: true })
  monthlyRate: string | null = null;

  @Field(() => String, { nullable: true, description: 'customer_discount: percent off' })
  @Property({ type: 'decimal', precision: 5, scale: 2, nullable: true })
  percent: string | null = null;

  @Field(() => [VolumeTierType], { nullable: true, description: 'volume_discount: quantity thresholds, ascending' })
  @Property({ type: 'json', nullable: true })
  tiers: VolumeTier[] | null = null;

  @Field(() => ID, { nullable: true, description: 'Scope: this item only' })
  get itemId(): string | null {
    return this.item?.id ?? null;
  }

  @Field(() => ID, { nullable: true, description: 'rate_card, customer_discount: the customer' })
  get customerId(): string | null {
    return this.customer?.id ?? null;
  }

  /** The rule as the quote engine reads it (and as an order line keeps it). */
  toData(): PricingRuleData {
    const { id, name, kind, category, multiplier, dayRate, startDate, endDate, minimumDays, percent, tiers } = this;
    const { dailyRate, weeklyRate, monthlyRate, itemId, customerId } = this;
    return {
      ...{ id, name, kind, itemId, category, customerId, multiplier, dayRate, startDate, endDate, minimumDays },
      ...{ dailyRate, weeklyRate, monthlyRate, percent, tiers },
    };
  }
}
