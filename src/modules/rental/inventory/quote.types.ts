import { IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { Extensions, Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { MAX_QUANTITY } from './inventory.types';
import { PricingRuleRef } from './pricing-rule.entity';

export enum QuotePeriod {
  month = 'month',
  week = 'week',
  day = 'day',
}
registerEnumType(QuotePeriod, { name: 'QuotePeriod', description: 'day: 1 day; week: 7 days; month: 30 days' });

export const MAX_RENTAL_DAYS = 730;

/** Query cost of a rule named inside a price: nothing to fetch, it is part of the price (and of an order line's row). */
const EMBEDDED = { cost: 0 };

@InputType()
export class QuoteInput {
  @Field(() => ID, { description: 'An inventory item of your organization' })
  @IsUUID('all', { message: 'itemId must be a UUID' })
  itemId: string;

  @Field(() => Int, { defaultValue: 1 })
  @IsInt()
  @Min(1, { message: 'quantity must be 1 or more' })
  @Max(MAX_QUANTITY)
  quantity: number = 1;

  @Field({ description: 'Pickup day (YYYY-MM-DD)' })
  startDate: string;

  @Field(() => ID, {
    nullable: true,
    description: 'The customer: their rate card and discount apply (docs/rental.md, "Pricing rules")',
  })
  @IsOptional()
  @IsUUID('all', { message: 'customerId must be a UUID' })
  customerId?: string | null;

  @Field({
    description: `Return day (YYYY-MM-DD), inclusive: a rental of startDate..endDate is billed endDate - startDate + 1 days, ${MAX_RENTAL_DAYS} at most`,
  })
  endDate: string;
}

@ObjectType()
export class QuoteLineItem {
  @Field(() => QuotePeriod) period: QuotePeriod;
  @Field(() => Int, { description: 'Number of these periods' }) count: number;
  @Field(() => Int, { description: 'Days they cover' }) days: number;
  @Field({ description: 'Rate of one period for one unit' }) rate: string;
  @Field({ description: 'rate x count x quantity' }) amount: string;
  @Field(() => PricingRuleRef, {
    nullable: true,
    description: 'The rule that priced these periods; null: the item’s rate',
  })
  @Extensions(EMBEDDED)
  rule: PricingRuleRef | null;
}

@ObjectType()
export class PriceDiscount {
  @Field(() => PricingRuleRef) @Extensions(EMBEDDED) rule: PricingRuleRef;
  @Field({ description: 'Percent off' }) percent: string;
  @Field({ description: 'Off the line: the discount of one unit (rounded to cents) x quantity' }) amount: string;
}

@ObjectType()
export class PriceMinimum {
  @Field(() => Int, { description: 'Days billed at least' }) days: number;
  @Field(() => PricingRuleRef) @Extensions(EMBEDDED) rule: PricingRuleRef;
}

@ObjectType()
export class Quote {
  @Field(() => ID) itemId: string;
  @Field() itemNumber: string;
  @Field() itemName: string;
  @Field(() => ID, { nullable: true, description: 'The customer priced for (rate card, discount), or null' })
  customerId: string | null;
  @Field(() => Int) quantity: number;
  @Field() startDate: string;
  @Field() endDate: string;
  @Field(() => Int, { description: 'Days of the rental, both ends included' }) rentalDays: number;
  @Field(() => Int, { description: 'Days the chosen periods cover (may exceed rentalDays when that is cheaper)' })
  billedDays: number;
  @Field(() => [QuoteLineItem], { description: 'The cheapest combination of months, weeks and days, longest first' })
  lines: QuoteLineItem[];
  @Field(() => [PriceDiscount], { description: 'Volume, then customer discount; Σ lines − Σ discounts = total' })
  discounts: PriceDiscount[];
  @Field(() => PriceMinimum, { nullable: true, description: 'The minimum rental period that raised the days priced' })
  minimum: PriceMinimum | null;
  @Field({ description: 'Price of one unit for the rental, after discounts' }) unitPrice: string;
  @Field({ description: 'unitPrice x quantity, exact decimal string (before tax)' }) total: string;
  @Field(() => Int, { description: 'Units free on every day of the range' }) availableUnits: number;
  @Field({ description: 'availableUnits >= quantity' }) available: boolean;
}
