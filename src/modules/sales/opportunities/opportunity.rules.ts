import type { RootRules } from '../../../graphql/rules';
import { isAuthenticated } from '../../../graphql/rules';

/** Opportunities, their moves, drift, the forecast and AI proposals are CRM data: every member. */
export const opportunityRules: RootRules = {
  Query: {
    opportunities: isAuthenticated,
    opportunity: isAuthenticated,
    stagnantOpportunities: isAuthenticated,
    opportunityStageHistory: isAuthenticated,
    forecast: isAuthenticated,
    opportunityProposals: isAuthenticated,
    opportunityProposal: isAuthenticated,
  },
  Mutation: {
    createOpportunity: isAuthenticated,
    updateOpportunity: isAuthenticated,
    deleteOpportunity: isAuthenticated,
    moveOpportunityStage: isAuthenticated,
    acceptOpportunityProposal: isAuthenticated,
    dismissOpportunityProposal: isAuthenticated,
  },
};
