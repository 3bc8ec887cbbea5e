import { defineModule } from '../module';
import { CustomerIntelligenceResolver } from './customers/customer-intelligence.resolver';
import { DealInsightsResolver } from './deals/deal-insights.resolver';
import { intelligenceRoutes } from './intelligence.routes';
import { createIntelligenceServices, IntelligenceNeeds } from './intelligence.services';

/** AI insights over the organization's own data (docs/ai.md): deals, next-step tasks, customers. */
export const intelligenceModule = defineModule<
  ReturnType<typeof createIntelligenceServices>,
  IntelligenceNeeds,
  'intelligence'
>({
  name: 'intelligence',
  summary:
    "AI deal insights (close amount, win probability, timeline, actions) from the organization's history, AI next-step tasks, customer intelligence (risk, upsell, cross-sell, sentiment)",
  entities: [],
  resolvers: [DealInsightsResolver, CustomerIntelligenceResolver],
  routes: intelligenceRoutes,
  idSegments: { 'customer-intelligence': 'customers' },
  needs: ['tasks', 'customers', 'aiAccess'],
  services: createIntelligenceServices,
});
