import type { AuthedContext } from '../../graphql/context';
import type { SharedDeps } from '../module';
import type { NotificationService } from '../accounts/notifications/notification.service';
import type { FeatureGate, OrganizationAiService } from '../accounts/organizations/organization-ai.service';
import type { QuoteService } from '../rental/inventory/quote.service';
import type { RentalOrderService } from '../rental/orders/rental-order.service';
import { ForecastService } from './forecast/forecast.service';
import { OpportunityService } from './opportunities/opportunity.service';
import { OpportunityFromConversation } from './opportunities/opportunity-from-conversation';
import { OpportunityProposalService } from './opportunities/opportunity-proposal.service';
import { StageMoveService } from './opportunities/stage-move.service';
import { RentalOrderFromOpportunity } from './opportunities/won-order';
import { PipelineService } from './pipelines/pipeline.service';
import { StageService } from './pipelines/stage.service';
import { TaskService } from './tasks/task.service';

/** What sales calls in other modules: a won deal books a rental order; a deal from a conversation is priced by the quote engine. */
export interface SalesNeeds {
  rentalOrders: RentalOrderService;
  quotes: QuoteService;
  notifications: NotificationService;
  aiAccess: FeatureGate & Pick<OrganizationAiService, 'settings'>;
}

/** Sales pipeline and tasks (docs/sales.md). */
export function createSalesServices(
  { events }: SharedDeps,
  { rentalOrders, quotes, notifications, aiAccess }: SalesNeeds,
) {
  const pipelines = new PipelineService();
  // Opportunities from conversations: communications calls it on each stored activity and voice memo.
  const aiOpportunities = new OpportunityFromConversation(events, aiAccess, quotes);
  return {
    pipelines,
    stages: new StageService(events),
    opportunities: new OpportunityService(events),
    aiOpportunities,
    proposals: new OpportunityProposalService(aiOpportunities),
    stageMoves: new StageMoveService(events, new RentalOrderFromOpportunity(rentalOrders)),
    forecast: new ForecastService(pipelines),
    tasks: new TaskService(events, notifications),
  };
}

export type SalesServices = ReturnType<typeof createSalesServices>;
export type SalesContext = AuthedContext<SalesServices>;
