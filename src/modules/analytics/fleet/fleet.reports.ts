import type { ReportRow } from '../format/report-format';
import { A, RANGE } from '../shared/report-rows';

/** Fleet (part 2): REST rows with their CSV columns and chart (docs/analytics.md). */
export const fleetReports: ReportRow[] = [
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
];
