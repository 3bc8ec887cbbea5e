import { defineModule } from '../module';
import './analytics.indexes';
import { analyticsReports, analyticsRows } from './analytics.routes';
import { AnalyticsNeeds, createAnalyticsServices } from './analytics.services';
import { CustomerAnalyticsResolver } from './customers/customer.resolver';
import { DashboardResolver } from './dashboard/dashboard.resolver';
import { FleetResolver } from './fleet/fleet.resolver';
import { UnitAnalyticsResolver } from './fleet/unit-analytics.resolver';
import { formatRouter } from './format/format.router';
import { SalesAnalyticsResolver } from './sales/sales.resolver';
import { TeamAnalyticsResolver } from './team/team.resolver';
import { RevenueResolver } from './revenue/revenue.resolver';

/** Reports, metrics, insights and forecasts over the rental, CRM and sales data (docs/analytics.md). */
export const analyticsModule = defineModule<ReturnType<typeof createAnalyticsServices>, AnalyticsNeeds, 'analytics'>({
  name: 'analytics',
  summary:
    'Reports (revenue, fleet, customers, sales, team), a dashboard and insights, in the organization’s timezone, with previous-period comparison, as JSON, CSV or SVG charts',
  entities: [],
  resolvers: [
    RevenueResolver,
    FleetResolver,
    UnitAnalyticsResolver,
    CustomerAnalyticsResolver,
    SalesAnalyticsResolver,
    TeamAnalyticsResolver,
    DashboardResolver,
  ],
  routes: analyticsRows,
  needs: ['forecast'],
  services: createAnalyticsServices,
  routers: [formatRouter(analyticsReports)],
});
