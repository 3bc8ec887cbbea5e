import type { ReportRow } from '../format/report-format';
import { A, RANGE } from '../shared/report-rows';

const CHANGE = ['bookedChange.changePercent'];

/** Revenue (part 1): REST rows with their CSV columns and chart (docs/analytics.md). */
export const revenueReports: ReportRow[] = [
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
];
