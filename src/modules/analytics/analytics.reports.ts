import { customerReports } from './customers/customer.reports';
import { dashboardReports } from './dashboard/dashboard.reports';
import { fleetReports, unitLifetimeRow } from './fleet/fleet.reports';
import type { RouteRow } from '../../http/route-row';
import type { ReportRow } from './format/report-format';
import { revenueReports } from './revenue/revenue.reports';
import { salesReports } from './sales/sales.reports';
import { teamReports } from './team/team.reports';

/**
 * The REST rows of the analytics module (docs/analytics.md), each with its CSV columns and its chart, in the
 * order of the docs. They are ordinary rows of the route table; the format layer (format/format.router.ts) reads `format`.
 */
export const analyticsReports: ReportRow[] = [
  ...revenueReports,
  ...fleetReports,
  ...customerReports,
  ...salesReports,
  ...teamReports,
  ...dashboardReports,
];

/** Every REST row of the module: the reports (without their format) and a unit's lifetime, which is no report table. */
export const analyticsRows: RouteRow[] = [
  ...analyticsReports.map(({ format: _format, ...row }) => row),
  unitLifetimeRow,
];
