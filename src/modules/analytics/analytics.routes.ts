import { customerReports } from './customers/customer.routes';
import { dashboardReports } from './dashboard/dashboard.routes';
import { fleetReports, unitLifetimeRow } from './fleet/fleet.routes';
import type { RouteRow } from '../../http/route-row';
import type { ReportRow } from './format/report-format';
import { revenueReports } from './revenue/revenue.routes';
import { salesReports } from './sales/sales.routes';
import { teamReports } from './team/team.routes';

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
