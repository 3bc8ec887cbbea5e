import type { ReportRow } from '../format/report-format';
import { A, RANGE } from '../shared/report-rows';

/** Customers (part 3): REST rows with their CSV columns and chart (docs/analytics.md). */
export const customerReports: ReportRow[] = [
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
];
