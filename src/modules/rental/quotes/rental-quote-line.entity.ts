import { Entity, ManyToOne, Property, Ref, ref } from '@mikro-orm/core';
import { Extensions, Field, ID, Int, ObjectType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../../accounts/organizations/organization.entity';
import { InventoryItem } from '../inventory/inventory-item.entity';
import { InventoryUnit } from '../inventory/inventory-unit.entity';
import type { Price, QuoteLine } from '../inventory/quote-engine';
import { PriceDiscount, PriceMinimum, QuoteLineItem } from '../inventory/quote.types';
import type { PricedLine } from '../orders/pricing';
import type { RentalQuoteVersion } from './rental-quote-version.entity';

/** A line of a quote version: an item (or one named unit of it) x quantity, priced by the order engine (pricing.ts). */
@ObjectType('RentalQuoteLine')
@Entity({ tableName: 'rental_quote_lines' })
export class RentalQuoteLine extends TenantEntity {
  @ManyToOne({ entity: 'RentalQuoteVersion', ref: true, deleteRule: 'cascade', index: true })
  version: Ref<RentalQuoteVersion>;

  @ManyToOne({ entity: () => InventoryItem, ref: true, deleteRule: 'cascade', index: true })
  item: Ref<InventoryItem>;

  @ManyToOne({ entity: () => InventoryUnit, ref: true, nullable: true, deleteRule: 'set null' })
  unit: Ref<InventoryUnit> | null = null;

  @Field(() => Int, { description: 'Order of the line in the request, from 0' })
  @Property({ type: 'integer' })
  position: number;

  @Field()
  @Property({ length: 100 })
  itemNumber: string;

  @Field()
  @Property({ length: 200 })
  itemName: string;

  @Field(() => String, { nullable: true, description: 'The named unit’s asset tag (a line for one unit)' })
  @Property({ length: 100, nullable: true })
  assetTag: string | null = null;

  @Field(() => Int)
  @Property({ type: 'integer' })
  quantity: number;

  @Field(() => Int)
  @Property({ type: 'integer' })
  days: number;

  @Field(() => Int)
  @Property({ type: 'integer' })
  billedDays: number;

  @Field(() => [QuoteLineItem], {
    description: 'The cheapest cover of months, weeks and days, by rate and pricing rule',
  })
  @Extensions({ maxItems: 12, cost: 0 }) // as an order line's: periods by rate and rule, stored in the line's row
  @Property({ type: 'json' })
  breakdown: QuoteLine[];

  @Field(() => [PriceDiscount], { description: 'Volume and customer discounts of the line (pricing rules)' })
  @Extensions({ maxItems: 2, cost: 0 }) // stored in the line's row
  @Property({ type: 'json', default: '[]' })
  discounts: Price['discounts'] = [];

  @Field(() => PriceMinimum, { nullable: true, description: 'The minimum rental period that raised the days billed' })
  @Extensions({ cost: 0 }) // stored in the line's row
  @Property({ type: 'json', nullable: true })
  minimum: Price['minimum'] = null;

  @Field(() => String, {
    nullable: true,
    description: 'Tax rate of the line, percent (item, category or organization; 0 for a tax-exempt customer)',
  })
  @Property({ type: 'decimal', precision: 6, scale: 3, nullable: true })
  taxRate: string | null = null;

  @Field()
  @Property({ type: 'decimal', precision: 12, scale: 2 })
  unitPrice: string;

  @Field()
  @Property({ type: 'decimal', precision: 12, scale: 2 })
  amount: string;

  @Field(() => ID)
  get itemId(): string {
    return this.item.id;
  }

  @Field(() => ID, { nullable: true })
  get unitId(): string | null {
    return this.unit?.id ?? null;
  }

  constructor(
    organization: Organization,
    version: RentalQuoteVersion,
    line: PricedLine,
    props: { position: number; days: number; unit: InventoryUnit | null },
  ) {
    super();
    const { item, quantity, price } = line;
    this.organization = ref(organization);
    this.version = ref(version);
    this.item = ref(item);
    this.unit = props.unit ? ref(props.unit) : null;
    this.assetTag = props.unit?.assetTag ?? null;
    this.itemNumber = item.itemNumber;
    this.itemName = item.name;
    Object.assign(this, {
      position: props.position,
      quantity,
      days: props.days,
      billedDays: price.billedDays,
      breakdown: price.lines,
      unitPrice: price.unitPrice,
      amount: price.total,
      discounts: price.discounts,
      minimum: price.minimum,
    });
  }
}
