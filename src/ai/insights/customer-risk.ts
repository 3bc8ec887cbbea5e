import { daysBetween } from '../local/calendar';
import { sentimentTrend, SentimentPoint } from './sentiment-trend';
import { median } from './stats';

/**
 * A customer's risk (docs/ai.md, "Customer intelligence"), from four signals, each with its evidence:
 *
 * | factor             | points                                                                    |
 * |--------------------|---------------------------------------------------------------------------|
 * | overdue invoices   | one: 15; two or more, or one over 60 days: 30                              |
 * | falling activity   | recent period at most half the previous one (previous >= 3): 20; none: 25   |
 * | negative sentiment | recent average <= -0.05: 20; declining trend: +5                           |
 * | lapsed rentals     | no rental for more than twice the usual gap (and 60+ days): 25             |
 *
 * Score = sum capped at 100; level high >= 50, medium >= 25, else low.
 */
export interface RiskInput {
  /** YYYY-MM-DD: the day the assessment is for. */
  asOf: string;
  overdueInvoices: Array<{ amount: number; daysOverdue: number }>;
  /** Activities (calls, emails, meetings) in the recent period and in the period before it, of equal length. */
  activity: { recent: number; previous: number };
  sentiment: SentimentPoint[];
  /** Order dates of the customer's rentals. */
  rentalDates: string[];
}

export type RiskFactor = 'overdue_invoices' | 'falling_activity' | 'negative_sentiment' | 'lapsed_rentals';

export interface RiskAssessment {
  level: 'low' | 'medium' | 'high';
  score: number;
  factors: Array<{ factor: RiskFactor; points: number; evidence: string }>;
}

export function assessCustomerRisk(input: RiskInput): RiskAssessment {
  const factors = [overdue(input), activity(input), sentiment(input), lapsed(input)].filter(
    (f): f is RiskAssessment['factors'][number] => f !== null,
  );
  const score = Math.min(
    100,
    factors.reduce((s, f) => s + f.points, 0),
  );
  return { level: score >= 50 ? 'high' : score >= 25 ? 'medium' : 'low', score, factors };
}

function overdue({ overdueInvoices: inv }: RiskInput) {
  const late = inv.filter((i) => i.daysOverdue > 0);
  if (late.length === 0) return null;
  const oldest = Math.max(...late.map((i) => i.daysOverdue));
  const total = late.reduce((s, i) => s + i.amount, 0);
  const points = late.length >= 2 || oldest > 60 ? 30 : 15;
  return {
    factor: 'overdue_invoices' as const,
    points,
    evidence: `${late.length} overdue invoice(s), ${total.toFixed(2)} in total, oldest ${oldest} days`,
  };
}

function activity({ activity: a }: RiskInput) {
  if (a.previous < 3 || a.recent > a.previous / 2) return null;
  return {
    factor: 'falling_activity' as const,
    points: a.recent === 0 ? 25 : 20,
    evidence: `${a.recent} activities in the recent period against ${a.previous} in the one before`,
  };
}

function sentiment({ sentiment: points }: RiskInput) {
  const trend = sentimentTrend(points);
  if (trend.recentAverage === null || trend.recentAverage > -0.05) return null;
  const declining = trend.direction === 'declining';
  return {
    factor: 'negative_sentiment' as const,
    points: declining ? 25 : 20,
    evidence: `recent communications average ${trend.recentAverage}${declining ? `, falling ${trend.slopePer30Days} a month` : ''}`,
  };
}

function lapsed({ rentalDates, asOf }: RiskInput) {
  const days = [...new Set(rentalDates.map((d) => d.slice(0, 10)))].sort();
  if (days.length < 2) return null;
  const gaps = days.slice(1).map((d, i) => daysBetween(days[i], d));
  const usual = median(gaps) ?? 0;
  const since = daysBetween(days[days.length - 1], asOf);
  if (since <= Math.max(2 * usual, 60)) return null;
  return {
    factor: 'lapsed_rentals' as const,
    points: 25,
    evidence: `no rental for ${since} days; the customer usually rents every ${Math.round(usual)} days`,
  };
}
