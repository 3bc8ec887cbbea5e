import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { Customer } from '../../crm/customers/customer.entity';
import { RecommendedAction } from '../deals/deal-insights.types';

@ObjectType()
export class SentimentInsight {
  @Field(() => Int, { description: 'Communications with a sentiment in the last 180 days' }) count: number;
  @Field(() => Float, { nullable: true }) average: number | null;
  @Field(() => Float, { nullable: true, description: 'Average of the 30 days before the latest' })
  recentAverage: number | null;
  @Field(() => String, { nullable: true, description: 'positive, neutral or negative' }) label: string | null;
  @Field(() => Float, { nullable: true }) slopePer30Days: number | null;
  @Field({ description: 'improving, declining, stable or insufficient_data' }) direction: string;
  @Field() evidence: string;
}

@ObjectType()
export class RiskFactorInsight {
  @Field({ description: 'overdue_invoices, falling_activity, negative_sentiment or lapsed_rentals' }) factor: string;
  @Field(() => Int) points: number;
  @Field() evidence: string;
}

@ObjectType()
export class RiskInsight {
  @Field({ description: 'low, medium (25+) or high (50+)' }) level: string;
  @Field(() => Int, { description: '0-100: the sum of the factors' }) score: number;
  @Field(() => [RiskFactorInsight]) factors: RiskFactorInsight[];
}

@ObjectType()
export class SalesSuggestion {
  @Field({ description: 'cross_sell or upsell' }) kind: string;
  @Field({ description: 'Inventory category (the item name when it has none)' }) category: string;
  @Field(() => Float, { description: '0..1: confidence (cross-sell) or share of the customer’s orders (upsell)' })
  strength: number;
  @Field() evidence: string;
}

@ObjectType()
export class CategoryCount {
  @Field() category: string;
  @Field(() => Int) orders: number;
}

/** What the customer rented: the evidence of upsell and lapsed-rental insights. */
@ObjectType()
export class RentalHistoryEvidence {
  @Field(() => Int, { description: 'Orders, cancelled ones excepted' }) orders: number;
  @Field(() => String, { nullable: true }) firstOrderDate: string | null;
  @Field(() => String, { nullable: true }) lastOrderDate: string | null;
  @Field(() => [CategoryCount]) categories: CategoryCount[];
}

/** GET /api/customer-intelligence/:id (spec), each insight with its evidence (docs/ai.md, "Customer intelligence"). */
@ObjectType()
export class CustomerIntelligence {
  @Field(() => ID) customerId: string;
  @Field(() => ID) contactId: string;
  @Field(() => Customer, { description: 'The customer the insights are about' }) customer: Customer;
  @Field({ description: 'The day the insights are for (YYYY-MM-DD, UTC)' }) asOf: string;
  @Field(() => SentimentInsight, { description: 'Sentiment of recent communications and its trend' })
  sentiment: SentimentInsight;
  @Field(() => RiskInsight) risk: RiskInsight;
  @Field(() => [SalesSuggestion], { description: 'Upsell and cross-sell from rental history' })
  opportunities: SalesSuggestion[];
  @Field(() => [RecommendedAction]) nextActions: RecommendedAction[];
  @Field(() => RentalHistoryEvidence) rentalHistory: RentalHistoryEvidence;
}
