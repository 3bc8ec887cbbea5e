import type { RootRules } from '../../graphql/rules';
import { isAuthenticated } from '../../graphql/rules';

/** Insights and AI next-step tasks are CRM data: every member (as opportunities and tasks). */
export const intelligenceRules: RootRules = {
  Query: { opportunityInsights: isAuthenticated, customerIntelligence: isAuthenticated },
  Mutation: { generateOpportunityTasks: isAuthenticated },
};
