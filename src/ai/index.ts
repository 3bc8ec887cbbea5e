/**
 * The AI layer's public API (docs/ai.md). Pure functions and one provider interface; no module, resolver
 * or database import: modules call this, it never calls them.
 */
export * from './types';
export type { AiProvider, AiLogger, AiBudget } from './provider';
export { extractTasks } from './local/extract-tasks';
export { titleViolations, type TitleViolation } from './local/title-lint';
export { analyzeSentiment } from './local/sentiment';
export { summarize } from './local/summary';
export { createAiProvider, type AiDependencies } from './factory';
export {
  aiConfigFromEnv,
  OUTPUT_MODES,
  SERVER_KINDS,
  type AiConfig,
  type OpenAiConfig,
  type OutputMode,
  type ServerKind,
} from './config';
export { LocalAiProvider } from './local/local-provider';
export { OpenAiProvider } from './openai/openai-provider';
export { sentimentTrend, type SentimentPoint, type SentimentTrend } from './insights/sentiment-trend';
export {
  scoreLead,
  bandOf,
  MAX_LEAD_SCORE,
  type LeadSignals,
  type LeadScore,
  type LeadBand,
  type LeadSignal,
} from './insights/lead-score';
export { summarizeDealHistory, type ClosedDeal, type DealHistory, type StageStats } from './insights/deal-history';
export { dealInsights, type OpportunitySnapshot, type DealInsights, type Evidenced } from './insights/deal-insights';
export { rentalSuggestions, coRentals, type RentalOrder, type Suggestion } from './insights/cross-sell';
export { assessCustomerRisk, type RiskInput, type RiskAssessment, type RiskFactor } from './insights/customer-risk';
export { customerInsights, type CustomerInsightsInput, type CustomerInsights } from './insights/customer-insights';
