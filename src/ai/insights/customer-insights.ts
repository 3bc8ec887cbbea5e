import { rentalSuggestions, RentalOrder, Suggestion } from './cross-sell';
import { assessCustomerRisk, RiskAssessment, RiskInput } from './customer-risk';
import { sentimentTrend, SentimentTrend } from './sentiment-trend';

/**
 * GET /api/customer-intelligence/:id in one pure call (docs/ai.md, "Customer intelligence"): sentiment
 * from recent communications, risk, upsell and cross-sell opportunities, and recommended next actions
 * drawn from them, each with its evidence.
 */
export interface CustomerInsightsInput extends RiskInput {
  customerOrders: RentalOrder[];
  organizationOrders: RentalOrder[];
}

export interface CustomerInsights {
  sentiment: SentimentTrend;
  risk: RiskAssessment;
  opportunities: Suggestion[];
  nextActions: Array<{ action: string; evidence: string }>;
}

const ACTION_FOR = {
  overdue_invoices: 'Call about the overdue invoices before the next rental',
  falling_activity: 'Schedule a check-in call: contact has dropped off',
  negative_sentiment: 'Have the account owner follow up on the recent complaints',
  lapsed_rentals: 'Send a win-back offer: the customer has stopped renting',
} as const;

export function customerInsights(input: CustomerInsightsInput): CustomerInsights {
  const sentiment = sentimentTrend(input.sentiment);
  const risk = assessCustomerRisk(input);
  const opportunities = rentalSuggestions(input.customerOrders, input.organizationOrders);
  const nextActions = [
    ...risk.factors.map((f) => ({ action: ACTION_FOR[f.factor], evidence: f.evidence })),
    ...opportunities.slice(0, 2).map((o) => ({
      action:
        o.kind === 'upsell' ? `Offer a long-term rate on ${o.category}` : `Offer ${o.category} with the next rental`,
      evidence: o.evidence,
    })),
  ];
  return { sentiment, risk, opportunities, nextActions };
}
