import { Entity, ManyToOne, Property, Ref, ref } from '@mikro-orm/core';
import { Extensions, Field, ID, Int, ObjectType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../../accounts/organizations/organization.entity';
import { InventoryItem } from '../inventory/inventory-item.entity';
import { InventoryUnit } from '../inventory/inventory-unit.entity';
import type { QuoteLine } from '../inventory/quote-engine';
import { QuoteLineItem } from '../inventory/quote.types';
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

  @Field(() => [QuoteLineItem], { description: 'The cheapest cover of months, weeks and days' })
  @Extensions({ maxItems: 3, cost: 0 })
  @Property({ type: 'json' })
  breakdown: QuoteLine[];

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
    });
  }
}
