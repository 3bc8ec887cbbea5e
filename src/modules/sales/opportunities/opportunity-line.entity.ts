import { Entity, ManyToOne, Property, Ref, ref } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import Decimal from 'decimal.js';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../../accounts/organizations/organization.entity';
import { InventoryItem } from '../../rental/inventory/inventory-item.entity';
import { formatMoney } from '../../../lib/money';
import type { Opportunity } from './opportunity.entity';

/** A product line of an opportunity: an inventory item or a free-text description, a quantity and a unit price. */
@ObjectType('OpportunityLine')
@Entity({ tableName: 'opportunity_lines' })
export class OpportunityLine extends TenantEntity {
  @ManyToOne({ entity: 'Opportunity', ref: true, deleteRule: 'cascade', index: true })
  opportunity: Ref<Opportunity>;

  @ManyToOne({ entity: () => InventoryItem, ref: true, nullable: true, deleteRule: 'set null', index: true })
  item: Ref<InventoryItem> | null = null;

  @Field(() => Int, { description: 'Order of the line, from 0' })
  @Property({ type: 'integer' })
  position: number;

  @Field(() => String, { nullable: true, description: 'Free text; for an item line, defaults to the item name' })
  @Property({ length: 500, nullable: true })
  description: string | null = null;

  @Field(() => Int)
  @Property({ type: 'integer' })
  quantity: number;

  @Field({ description: 'Exact decimal string' })
  @Property({ type: 'decimal', precision: 14, scale: 2 })
  unitPrice: string;

  @Field(() => ID, { nullable: true }) get itemId(): string | null {
    return this.item?.id ?? null;
  }

  @Field({ description: 'quantity x unitPrice' })
  get amount(): string {
    return formatMoney(new Decimal(this.unitPrice).times(this.quantity));
  }

  constructor(
    organization: Organization | Ref<Organization>,
    opportunity: Opportunity,
    props: {
      position: number;
      quantity: number;
      unitPrice: string;
      description: string | null;
      item: InventoryItem | null;
    },
  ) {
    super();
    this.organization = ref(organization as Organization);
    this.opportunity = ref(opportunity);
    this.item = props.item ? ref(props.item) : null;
    this.position = props.position;
    this.quantity = props.quantity;
    this.unitPrice = props.unitPrice;
    this.description = props.description;
  }
}
