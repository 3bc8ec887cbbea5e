import Decimal from 'decimal.js';
import type { CustomerReports } from '../customers/customer.service';
import type { FleetReports } from '../fleet/fleet.service';
import { FleetGroupBy } from '../fleet/fleet.types';
import type { RevenueReports } from '../revenue/revenue.service';
import type { SalesReports } from '../sales/sales.service';
import { ReportScope, windowOf } from '../shared/report-sql';
import type { ReportWindow } from '../shared/report-window';
import { MoneyComparison, NumberComparison, RangeArgs, ReportPeriod } from '../shared/report.types';
import type { TeamReports } from '../team/team.service';
import type { AnalyticsDashboard, AnalyticsInsights, DashboardFigure } from './dashboard.types';
import { insightsFrom } from './insights';

type Unit = 'percent' | 'money' | 'count';

function figure(key: string, label: string, unit: Unit, c: MoneyComparison | NumberComparison): DashboardFigure {
  const text = (v: string | number | null) =>
    v === null ? '0' : unit === 'money' ? String(v) : new Decimal(v).toString();
  return {
    key,
    label,
    unit,
    current: text(c.current),
    previous: text(c.previous),
    change: text(c.change),
    changePercent: c.changePercent,
  };
}

/**
 * The dashboard and the insights (docs/analytics.md, part 6): both are made of the other reports, run in
 * parallel over the same range (default: the last 30 local days) and its previous range. Nothing is computed twice.
 */
export class DashboardService {
  constructor(
    private readonly revenue: RevenueReports,
    private readonly fleet: FleetReports,
    private readonly customers: CustomerReports,
    private readonly sales: SalesReports,
    private readonly team: TeamReports,
  ) {}

  /** The dashboard's range: the given one, else the last 30 days up to the local today. */
  window(scope: ReportScope, args: RangeArgs): ReportWindow {
    return windowOf(scope, { ...args, period: ReportPeriod.day });
  }

  async dashboard(scope: ReportScope, args: RangeArgs): Promise<AnalyticsDashboard> {
    const w = this.window(scope, args);
    const range = { startDate: w.startDate, endDate: w.endDate };
    const [fleet, revenue, overdue, pipeline, tasksOverdue, activities] = await Promise.all([
      this.fleet.utilisation(scope, { ...range, groupBy: FleetGroupBy.category, limit: 1 }),
      this.revenue.totals(scope, w, ['booked', 'collected']),
      this.revenue.overdueAt(scope, w),
      this.sales.openPipelineAt(scope, w),
      this.team.overdueTasks(scope, w),
      this.team.activityTotal(scope, range),
    ]);
    return {
      range: w,
      figures: [
        figure('utilisation', 'Fleet utilisation', 'percent', fleet.totals.utilisation),
        figure('revenueBooked', 'Revenue booked', 'money', revenue.booked),
        figure('revenueCollected', 'Revenue collected', 'money', revenue.collected),
        figure('receivablesOverdue', 'Receivables overdue', 'money', overdue),
        figure('openPipeline', 'Open pipeline', 'money', pipeline),
        figure('tasksOverdue', 'Tasks overdue', 'count', tasksOverdue),
        figure('activities', 'Activities logged', 'count', activities),
      ],
    };
  }

  async insights(scope: ReportScope, args: RangeArgs): Promise<AnalyticsInsights> {
    const w = this.window(scope, args);
    const range = { startDate: w.startDate, endDate: w.endDate };
    const [categories, revenue, ageing, churn, winRate, tasksOverdue] = await Promise.all([
      this.fleet.utilisation(scope, { ...range, groupBy: FleetGroupBy.category, limit: 500 }),
      this.revenue.totals(scope, w, ['booked']),
      this.revenue.ageing(scope, { asOf: w.endDate }),
      this.customers.churnRisk(scope, { inactiveDays: 90, limit: 1 }),
      this.sales.winRate(scope, range),
      this.team.overdueTasks(scope, w),
    ]);
    const inputs = { categories, booked: revenue.booked, ageing, churn, winRate, tasksOverdue };
    return { range: w, insights: insightsFrom(w, inputs) };
  }
}
