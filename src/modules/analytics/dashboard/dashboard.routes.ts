import type { ReportRow } from '../format/report-format';
import { A, RANGE } from '../shared/report-rows';

/** Dashboard and insights (part 6): REST rows with their CSV columns and chart (docs/analytics.md). */
export const dashboardReports: ReportRow[] = [
  {
    method: 'GET',
    path: '/api/analytics/dashboard',
    operation: 'analyticsDashboard',
    tag: A,
    summary: `The dashboard in one call: utilisation, revenue booked and collected, receivables overdue, open pipeline, tasks overdue, each with the previous period and the change (default: the last 30 days); ${RANGE}`,
    format: {
      table: 'figures',
      columns: ['key', 'label', 'unit', 'current', 'previous', 'change', 'changePercent'],
      chart: {
        mark: 'bar',
        x: 'label',
        y: ['changePercent'],
        title: 'Change from the previous period',
        yTitle: 'Percent',
      },
    },
  },
  {
    method: 'GET',
    path: '/api/analytics/insights',
    operation: 'analyticsInsights',
    tag: A,
    summary: `Insights: plain-language statements computed from the reports (utilisation moves, revenue, overdue receivables, churn risk, win rate, overdue tasks), each with its figures (default: the last 30 days); ${RANGE}`,
    format: {
      table: 'insights',
      columns: ['key', 'tone', 'text'],
      chart: {
        mark: 'bar',
        x: 'key',
        y: ['figures.0.value'],
        title: 'Insights: the first figure of each',
        yTitle: 'Value',
      },
    },
  },
];
