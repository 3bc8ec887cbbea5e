import type { AuthedContext } from '../../graphql/context';
import type { SharedDeps } from '../module';
import type { ForecastService } from '../sales/forecast/forecast.service';
import { CustomerReports } from './customers/customer.service';
import { DashboardService } from './dashboard/dashboard.service';
import { FleetReports } from './fleet/fleet.service';
import { RevenueReports } from './revenue/revenue.service';
import { SalesReports } from './sales/sales.service';
import { ReportScope, scopeOf } from './shared/report-sql';
import { TeamReports } from './team/team.service';
import { UnitReports } from './fleet/unit-analytics.service';

/** What analytics calls in other modules: the sales forecast, folded into the analytics reports (not duplicated). */
export interface AnalyticsNeeds {
  forecast: ForecastService;
}

/** The report families (docs/analytics.md); each method takes the caller's scope (organization, timezone, today). */
export function createAnalyticsServices(_shared: SharedDeps, { forecast }: AnalyticsNeeds) {
  const revenue = new RevenueReports();
  const fleet = new FleetReports();
  const customers = new CustomerReports();
  const sales = new SalesReports(forecast);
  const team = new TeamReports();
  return {
    analytics: {
      scope: (ctx: AuthedContext): Promise<ReportScope> => scopeOf(ctx.em, ctx.principal),
      revenue,
      fleet,
      units: new UnitReports(),
      customers,
      sales,
      team,
      dashboard: new DashboardService(revenue, fleet, customers, sales, team),
    },
  };
}

export type AnalyticsServices = ReturnType<typeof createAnalyticsServices>;
export type AnalyticsContext = AuthedContext<AnalyticsServices>;
