import type { RouteRow } from '../../http/route-row';
import { TASK_SELECTION as TASK } from '../sales/tasks/task.entity';

const EVIDENCED = '{ value evidence }';
const ACTION = '{ action evidence }';
const INSIGHTS = `{ opportunityId asOf sufficientHistory note likelyCloseAmount ${EVIDENCED} winProbability { value source evidence } expectedCloseDate ${EVIDENCED} expectedDaysToClose recommendedActions ${ACTION} history { closedDeals wonDeals stageDeals stageWonDeals stageWinRate medianDaysInStage medianDaysToClose amountRatio amountSamples } }`;
const INTELLIGENCE = `{ customerId contactId customer { id name email phone companyId ownerId } asOf sentiment { count average recentAverage label slopePer30Days direction evidence } risk { level score factors { factor points evidence } } opportunities { kind category strength evidence } nextActions ${ACTION} rentalHistory { orders firstOrderDate lastOrderDate categories { category orders } } }`;

/** AI insights (docs/ai.md): deal insights and next-step tasks, customer intelligence. */
export const intelligenceRoutes: RouteRow[] = [
  {
    method: 'GET',
    path: '/api/opportunities/:id/ai-insights',
    operation: 'opportunityInsights',
    tag: 'Opportunities',
    summary:
      "Likely close amount, win probability, expected close date and recommended actions from your organization's closed deals, each with its evidence; with too little history, the stage probability",
    selection: INSIGHTS,
  },
  {
    method: 'POST',
    path: '/api/opportunities/:id/generate-tasks',
    operation: 'generateOpportunityTasks',
    tag: 'Tasks',
    summary:
      'Create the AI next-step tasks of an open deal (isAiGenerated, source opportunity); again: nothing new, the same tasks; emits task.created',
    selection: `{ tasks ${TASK} }`,
  },
  {
    method: 'GET',
    path: '/api/customer-intelligence/:id',
    operation: 'customerIntelligence',
    tag: 'Customers',
    summary:
      'AI insights of a customer (its id or its contact id): sentiment of recent communications, risk, upsell and cross-sell, next actions, each with its evidence',
    selection: INTELLIGENCE,
  },
];
