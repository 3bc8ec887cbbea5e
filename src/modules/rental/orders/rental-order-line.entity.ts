import { Entity, Enum, Index, ManyToOne, Property, Ref, ref } from '@mikro-orm/core';
import { Extensions, Field, ID, Int, ObjectType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../../accounts/organizations/organization.entity';
import { InventoryItem } from '../inventory/inventory-item.entity';
import type { Price, QuoteLine } from '../inventory/quote-engine';
import { PriceDiscount, PriceMinimum, QuoteLineItem } from '../inventory/quote.types';
import type { ApplicableRules } from '../inventory/pricing-rules';
import type { PricedLine } from './pricing';
import { RentalOrderStatus, type RentalOrder } from './rental-order.entity';

/** inventory item x quantity x days, priced by the quote engine at booking time (item number and name kept as they were). */
@ObjectType('TransactionLine')
@Entity({ tableName: 'rental_order_lines' })
@Index({ properties: ['item'] })
export class RentalOrderLine extends TenantEntity {
  @ManyToOne({ entity: 'RentalOrder', ref: true, deleteRule: 'cascade', index: true })
  order: Ref<RentalOrder>;

  @ManyToOne({ entity: () => InventoryItem, ref: true, deleteRule: 'cascade' })
  item: Ref<InventoryItem>;

  @Field(() => Int, { description: 'Order of the line in the request, from 0' })
  @Property({ type: 'integer' })
  position: number;

  @Field()
  @Property({ length: 100 })
  itemNumber: string;

  @Field()
  @Property({ length: 200 })
  itemName: string;

  @Field(() => Int)
  @Property({ type: 'integer' })
  quantity: number;

  @Field(() => Int, { description: 'Units checked out (the whole quantity once the line is out)' })
  @Property({ type: 'integer', default: 0 }) // a line written by plain SQL (imports, benchmarks) is one not yet out
  quantityOut = 0;

  @Field(() => Int, { description: 'Units checked in; they are free from the day after they came back' })
  @Property({ type: 'integer', default: 0 })
  quantityReturned = 0;

  @Field(() => Int, { description: 'Rental days (the order’s)' })
  @Property({ type: 'integer' })
  days: number;

  @Field(() => Int, { description: 'Days the chosen periods cover' })
  @Property({ type: 'integer' })
  billedDays: number;

  @Field(() => [QuoteLineItem], { description: 'The cheapest cover of months, weeks and days, as quoted' })
  @Extensions({ maxItems: 12, cost: 0 }) // query cost: periods by rate and rule, stored in the line's row
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

  /**
   * The pricing rules that applied to the line when it was priced (null: none), kept so that re-pricing it (an
   * extension, an early return) uses them and a later change of the rules never changes the order. Not in the API:
   * the breakdown, discounts and minimum name the rules that priced it.
   */
  @Property({ type: 'json', nullable: true })
  pricingRules: ApplicableRules | null = null;

  @Field({ description: 'Price of one unit for the rental' })
  @Property({ type: 'decimal', precision: 12, scale: 2 })
  unitPrice: string;

  @Field({ description: 'unitPrice x quantity' })
  @Property({ type: 'decimal', precision: 12, scale: 2 })
  amount: string;

  @Field(() => String, {
    nullable: true,
    description:
      'Tax rate of the line, percent (item, category or organization; 0 for a tax-exempt customer); null: the order’s taxRate',
  })
  @Property({ type: 'decimal', precision: 6, scale: 3, nullable: true })
  taxRate: string | null = null;

  /*
   * The order's facts, copied onto the line by the database (Migration20261125000000_order_line_facts: a trigger
   * on insert, and one that writes an order's changes through to its lines) so that the fleet and revenue reports
   * read lines without joining their orders. Not in the API: the order has them.
   */
  @Property({ type: 'date' })
  orderDate: string;

  @Property({ type: 'date' })
  pickupDate: string;

  @Property({ type: 'date' })
  returnDate: string;

  @Enum({ items: () => RentalOrderStatus })
  orderStatus: RentalOrderStatus;

  @Property({ type: 'timestamptz', nullable: true })
  orderCompletedAt: Date | null = null;

  @Field(() => ID)
  get itemId(): string {
    return this.item.id;
  }

  constructor(
    organization: Organization,
    order: RentalOrder,
    item: InventoryItem,
    props: Pick<
      RentalOrderLine,
      'position' | 'quantity' | 'days' | 'billedDays' | 'breakdown' | 'unitPrice' | 'amount'
    >,
  ) {
    super();
    this.organization = ref(organization);
    this.order = ref(order);
    this.item = ref(item);
    this.itemNumber = item.itemNumber;
    this.itemName = item.name;
    this.orderDate = order.orderDate;
    this.pickupDate = order.pickupDate;
    this.returnDate = order.returnDate;
    this.orderStatus = order.status;
    Object.assign(this, props);
  }

  /** The line of a new order as the quote engine priced it for the rental's days (POST /api/transactions, the demo). */
  static priced(organization: Organization, order: RentalOrder, line: PricedLine, days: number, position: number) {
    const { item, quantity, price } = line;
    const priced = new RentalOrderLine(organization, order, item, {
      position,
      quantity,
      days,
      billedDays: price.billedDays,
      breakdown: price.lines,
      unitPrice: price.unitPrice,
      amount: price.total,
    });
    Object.assign(priced, { discounts: price.discounts, minimum: price.minimum, pricingRules: line.rules ?? null });
    return priced;
  }
}
