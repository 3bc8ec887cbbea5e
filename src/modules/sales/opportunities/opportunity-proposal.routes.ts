import { page, type RouteRow } from '../../../http/route-row';

const PROPOSAL =
  '{ id name contactId value expectedCloseDate lines { itemId description quantity unitPrice } evidence aiSource aiSourceId status opportunityId decidedById decidedAt organizationId createdAt updatedAt }';
const TAG = 'Opportunities';

/** Proposed opportunities (aiSettings.opportunityMode propose; docs/sales.md "Proposals"). */
export const proposalRoutes: RouteRow[] = [
  {
    method: 'GET',
    path: '/api/opportunity-proposals',
    operation: 'opportunityProposals',
    tag: TAG,
    summary: 'Opportunities proposed from conversations (paginated; status default pending, contactId), newest first',
    selection: page(PROPOSAL),
  },
  {
    method: 'GET',
    path: '/api/opportunity-proposals/:id',
    operation: 'opportunityProposal',
    tag: TAG,
    summary: 'One proposal with its priced lines and evidence',
    selection: PROPOSAL,
  },
  {
    method: 'POST',
    path: '/api/opportunity-proposals/:id/accept',
    operation: 'acceptOpportunityProposal',
    tag: TAG,
    summary:
      "Accept: the opportunity is made (or the contact's open deal with those items updated), opportunity.created; 409 once decided",
    selection: PROPOSAL,
  },
  {
    method: 'POST',
    path: '/api/opportunity-proposals/:id/dismiss',
    operation: 'dismissOpportunityProposal',
    tag: TAG,
    summary: 'Dismiss: nothing is made; 409 once decided',
    selection: PROPOSAL,
  },
];
