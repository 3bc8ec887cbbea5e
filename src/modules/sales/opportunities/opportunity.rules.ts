import type { RootRules } from '../../../graphql/rules';
import { isAuthenticated } from '../../../graphql/rules';

/** Opportunities, their moves, drift and the forecast are CRM data: every member. */
export const opportunityRules: RootRules = {
  Query: {
    opportunities: isAuthenticated,
    opportunity: isAuthenticated,
    stagnantOpportunities: isAuthenticated,
    opportunityStageHistory: isAuthenticated,
    forecast: isAuthenticated,
  },
  Mutation: {
    createOpportunity: isAuthenticated,
    updateOpportunity: isAuthenticated,
    deleteOpportunity: isAuthenticated,
    moveOpportunityStage: isAuthenticated,
  },
};
