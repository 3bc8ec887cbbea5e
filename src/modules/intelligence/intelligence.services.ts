import type { AuthedContext } from '../../graphql/context';
import type { SharedDeps } from '../module';
import type { CustomerService } from '../crm/customers/customer.service';
import type { TaskService } from '../sales/tasks/task.service';
import { CustomerIntelligenceService } from './customers/customer-intelligence.service';
import { activitiesSince } from './customers/recent-communications';
import { DealInsightsService } from './deals/deal-insights.service';
import type { FeatureGate } from '../accounts/organizations/organization-ai.service';

/** What intelligence calls in other modules: AI next-step tasks are tasks; a customer's history contact ids. */
export interface IntelligenceNeeds {
  tasks: TaskService;
  customers: CustomerService;
  /** The organization's feature toggles (customerInsights). */
  aiAccess: FeatureGate;
}

/** AI insights over the organization's own data (docs/ai.md): deals and customers. */
export function createIntelligenceServices(_shared: SharedDeps, { tasks, customers, aiAccess }: IntelligenceNeeds) {
  return {
    dealInsights: new DealInsightsService(tasks),
    customerIntelligence: new CustomerIntelligenceService(activitiesSince, customers, aiAccess),
  };
}

export type IntelligenceServices = ReturnType<typeof createIntelligenceServices>;
export type IntelligenceContext = AuthedContext<IntelligenceServices>;
