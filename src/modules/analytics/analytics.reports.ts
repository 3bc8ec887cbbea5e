import type { ReportRow } from './format/report-format';

const A = 'Analytics';
const RANGE =
  'startDate/endDate are local days of the organization’s timezone (inclusive); `?format=csv|svg` or `Accept: text/csv|image/svg+xml` for a CSV download or an SVG chart';
const CHANGE = ['bookedChange.changePercent'];

/**
 * The REST rows of the analytics module (docs/analytics.md), each with its CSV columns and its chart.
 * They are ordinary rows of the route table; the format layer (format/format.router.ts) reads `format`.
 */
export const analyticsReports: ReportRow[] = [
  {
    method: 'GET',
    path: '/api/analytics/revenue',
    operation: 'revenueReport',
    tag: A,
    summary: `Revenue booked, earned, invoiced and collected by period (day, week, month, quarter) with the previous period; ${RANGE}`,
    format: {
      columns: ['period', 'label', 'booked', 'earned', 'invoiced', 'collected'],
      chart: {
        mark: 'bar',
        x: 'label',
        y: ['booked', 'earned', 'invoiced', 'collected'],
        title: 'Revenue',
        yTitle: 'Amount',
      },
    },
  },
  {
    method: 'GET',
    path: '/api/analytics/revenue/by-category',
    operation: 'revenueByCategory',
    tag: A,
    summary: `Booked and earned revenue (order lines, before tax) by inventory category, with the previous period; ${RANGE}`,
    format: {
      columns: ['key', 'label', 'booked', 'earned', 'previousBooked', 'previousEarned', ...CHANGE],
      chart: {
        mark: 'bar',
        x: 'label',
        y: ['booked', 'previousBooked'],
        title: 'Revenue by category',
        yTitle: 'Booked',
      },
    },
  },
  {
    method: 'GET',
    path: '/api/analytics/revenue/by-item',
    operation: 'revenueByItem',
    tag: A,
    summary: `Booked and earned revenue (order lines, before tax) by inventory item, with the previous period; ${RANGE}`,
    format: {
      columns: [
        'itemId',
        'itemNumber',
        'label',
        'category',
        'booked',
        'earned',
        'previousBooked',
        'previousEarned',
        ...CHANGE,
      ],
      chart: { mark: 'bar', x: 'label', y: ['booked', 'earned'], title: 'Revenue by item', yTitle: 'Amount' },
    },
  },
  {
    method: 'GET',
    path: '/api/analytics/receivables',
    operation: 'receivablesAgeing',
    tag: A,
    summary:
      'Receivables ageing: balances of sent invoices not yet due, 1-30, 31-60, 61-90 and 90+ days overdue, as of `asOf` (default today)',
    format: {
      columns: ['bucket', 'label', 'invoices', 'amount'],
      chart: { mark: 'bar', x: 'label', y: ['amount'], title: 'Receivables ageing', yTitle: 'Outstanding' },
    },
  },
  {
    method: 'GET',
    path: '/api/analytics/utilisation',
    operation: 'fleetUtilisation',
    tag: A,
    summary: `Fleet utilisation per category or item (groupBy): unit-days rented / unit-days available (maintenance holds excluded), revenue per unit, with the previous period; ${RANGE}`,
    format: {
      columns: [
        'key',
        'label',
        'itemNumber',
        'category',
        'units',
        'availableUnitDays',
        'rentedUnitDays',
        'utilisation',
        'previousUtilisation',
        'utilisationChange',
        'revenue',
        'revenuePerUnit',
      ],
      chart: {
        mark: 'bar',
        x: 'label',
        y: ['utilisation', 'previousUtilisation'],
        title: 'Fleet utilisation',
        yTitle: 'Percent',
      },
    },
  },
  {
    method: 'GET',
    path: '/api/analytics/fleet/idle',
    operation: 'idleItems',
    tag: A,
    summary: `Idle items: active items with no unit rented in the range, with their last return day; ${RANGE}`,
    format: {
      columns: ['itemId', 'itemNumber', 'name', 'category', 'units', 'lastReturnDate', 'daysIdle'],
      chart: { mark: 'bar', x: 'name', y: ['daysIdle'], title: 'Idle items', yTitle: 'Days since last return' },
    },
  },
  {
    method: 'GET',
    path: '/api/analytics/fleet/upcoming',
    operation: 'upcomingRentals',
    tag: A,
    summary:
      'Upcoming pickups and returns of pending orders over the next `days` local days (default 7): per day, and each rental; `?format=csv|svg` as for every report',
    format: {
      columns: ['date', 'pickups', 'returns', 'pickupUnits', 'returnUnits'],
      chart: {
        mark: 'bar',
        x: 'date',
        y: ['pickups', 'returns'],
        title: 'Upcoming pickups and returns',
        yTitle: 'Orders',
      },
    },
  },
  {
    method: 'GET',
    path: '/api/analytics/customers/top',
    operation: 'topCustomers',
    tag: A,
    summary: `Top customers by booked revenue in the range (order subtotals), with the previous period, order counts and lifetime value; ${RANGE}`,
    format: {
      columns: [
        'customerId',
        'name',
        'revenue',
        'previousRevenue',
        'ordersInRange',
        'orders',
        'lifetimeValue',
        'firstOrderDate',
        'lastOrderDate',
      ],
      chart: { mark: 'bar', x: 'name', y: ['revenue', 'previousRevenue'], title: 'Top customers', yTitle: 'Booked' },
    },
  },
  {
    method: 'GET',
    path: '/api/analytics/customers/new-vs-returning',
    operation: 'newVsReturningCustomers',
    tag: A,
    summary: `New (first order ever) and returning customers by period, with the previous period; ${RANGE}`,
    format: {
      columns: ['period', 'label', 'newCustomers', 'returningCustomers'],
      chart: {
        mark: 'bar',
        x: 'label',
        y: ['newCustomers', 'returningCustomers'],
        stack: true,
        title: 'New and returning customers',
        yTitle: 'Customers',
      },
    },
  },
  {
    method: 'GET',
    path: '/api/analytics/customers/churn-risk',
    operation: 'churnRisk',
    tag: A,
    summary:
      'Churn risk: customers with no rental day in the last `inactiveDays` days (default 90), most valuable first',
    format: {
      columns: ['customerId', 'name', 'lastRentalDate', 'daysSinceLastRental', 'orders', 'lifetimeValue'],
      chart: {
        mark: 'bar',
        x: 'name',
        y: ['daysSinceLastRental'],
        title: 'Customers at risk of churning',
        yTitle: 'Days since last rental',
      },
    },
  },
  {
    method: 'GET',
    path: '/api/analytics/contacts/funnel',
    operation: 'contactFunnel',
    tag: A,
    summary: `Contact status funnel (unknown -> lead -> customer) of contacts created in the range, with conversion rates by source; ${RANGE}`,
    format: {
      columns: [
        'source',
        'contacts',
        'unknown',
        'leads',
        'customers',
        'leadRate',
        'customerRate',
        'conversionRate',
        'previousContacts',
        'previousConversionRate',
      ],
      chart: {
        mark: 'bar',
        x: 'source',
        y: ['unknown', 'leads', 'customers'],
        title: 'Contact funnel by source',
        yTitle: 'Contacts',
      },
    },
  },
  {
    method: 'GET',
    path: '/api/analytics/pipeline',
    operation: 'pipelineReport',
    tag: A,
    summary:
      'Open pipeline now: deals, value and weighted value (value x probability) by stage or owner (groupBy), optionally of one pipeline',
    format: {
      columns: ['key', 'label', 'deals', 'value', 'weightedValue'],
      chart: { mark: 'bar', x: 'label', y: ['value', 'weightedValue'], title: 'Open pipeline', yTitle: 'Value' },
    },
  },
  {
    method: 'GET',
    path: '/api/analytics/win-rate',
    operation: 'winRate',
    tag: A,
    summary: `Deals closed in the range by owner: won, lost, win rate, won value, average sales cycle (days from creation to won), with the previous period; ${RANGE}`,
    format: {
      columns: ['key', 'label', 'won', 'lost', 'winRate', 'wonValue', 'averageCycleDays'],
      chart: { mark: 'bar', x: 'label', y: ['winRate'], title: 'Win rate by owner', yTitle: 'Percent' },
    },
  },
  {
    method: 'GET',
    path: '/api/analytics/stage-durations',
    operation: 'stageDurations',
    tag: A,
    summary: `Time in stage: average and median days of the stays that ended in the range, and the open deals in each stage now; ${RANGE}`,
    format: {
      columns: [
        'stageId',
        'stageName',
        'pipelineId',
        'position',
        'exits',
        'averageDays',
        'medianDays',
        'openDeals',
        'averageDaysOpen',
      ],
      chart: { mark: 'bar', x: 'stageName', y: ['averageDays', 'medianDays'], title: 'Days in stage', yTitle: 'Days' },
    },
  },
  {
    method: 'GET',
    path: '/api/analytics/lead-conversion',
    operation: 'leadConversion',
    tag: A,
    summary: `Lead-to-customer conversion of the leads created in the range, by period or source (groupBy), with the previous period; ${RANGE}`,
    format: {
      columns: ['key', 'label', 'leads', 'converted', 'lost', 'conversionRate', 'averageDaysToConvert'],
      chart: { mark: 'bar', x: 'label', y: ['leads', 'converted'], title: 'Lead conversion', yTitle: 'Leads' },
    },
  },
  {
    method: 'GET',
    path: '/api/analytics/forecast',
    operation: 'salesForecast',
    tag: A,
    summary:
      'The sales forecast by close month (the forecast of GET /api/forecast, docs/sales.md): weighted, best, commit and worst cases; `?format=csv|svg` as for every report',
    format: {
      columns: [
        'month',
        'label',
        'openCount',
        'wonCount',
        'pipelineValue',
        'weightedValue',
        'bestCase',
        'commitCase',
        'worstCase',
      ],
      chart: {
        mark: 'line',
        x: 'label',
        y: ['worstCase', 'weightedValue', 'commitCase', 'bestCase'],
        title: 'Sales forecast by close month',
        yTitle: 'Value',
      },
    },
  },
  {
    method: 'GET',
    path: '/api/analytics/tasks',
    operation: 'taskActivity',
    tag: A,
    summary: `Tasks by assignee: created and completed (on time) in the range, overdue at its end, with the previous period; ${RANGE}`,
    format: {
      columns: ['userId', 'name', 'created', 'completed', 'completedOnTime', 'overdue'],
      chart: {
        mark: 'bar',
        x: 'name',
        y: ['created', 'completed', 'overdue'],
        title: 'Tasks by user',
        yTitle: 'Tasks',
      },
    },
  },
  {
    method: 'GET',
    path: '/api/analytics/tasks/ai-acceptance',
    operation: 'aiTaskAcceptance',
    tag: A,
    summary: `AI-generated tasks created in the range by source: completed (accepted), open, deleted (rejected), acceptance rate; ${RANGE}`,
    format: {
      columns: ['source', 'generated', 'completed', 'open', 'deleted', 'acceptanceRate'],
      chart: {
        mark: 'bar',
        x: 'source',
        y: ['completed', 'open', 'deleted'],
        stack: true,
        title: 'AI-generated tasks',
        yTitle: 'Tasks',
      },
    },
  },
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
