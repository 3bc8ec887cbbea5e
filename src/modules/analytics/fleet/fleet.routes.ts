import type { RouteRow } from '../../../http/route-row';
import type { ReportRow } from '../format/report-format';
import { A, RANGE } from '../shared/report-rows';

/** Fleet (part 2): REST rows with their CSV columns and chart (docs/analytics.md). */
export const fleetReports: ReportRow[] = [
  {
    method: 'GET',
    path: '/api/analytics/utilisation',
    operation: 'fleetUtilisation',
    tag: A,
    summary: `Fleet utilisation per category or item (groupBy): unit-days rented (booked days; for items tracked by unit, actual time out: basis) / unit-days available (maintenance holds and units out of service excluded), revenue per unit, with the previous period; ${RANGE}`,
    format: {
      columns: [
        'key',
        'label',
        'itemNumber',
        'category',
        'basis',
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
    path: '/api/analytics/fleet/units',
    operation: 'unitUtilisation',
    tag: A,
    summary: `Per unit (items tracked by unit; itemId narrows to one item): actual days out (check-out to check-in), downtime (awaiting inspection, in maintenance), utilisation, rentals, meter run and the revenue attributed to it (its share of its lines by days out), with the previous period; ${RANGE}`,
    format: {
      columns: [
        'assetTag',
        'itemNumber',
        'itemName',
        'status',
        'ownedDays',
        'downtimeDays',
        'availableDays',
        'daysOut',
        'utilisation',
        'previousUtilisation',
        'rentals',
        'revenue',
        'meterRun',
      ],
      chart: {
        mark: 'bar',
        x: 'assetTag',
        y: ['utilisation', 'previousUtilisation'],
        title: 'Unit utilisation',
        yTitle: 'Percent',
      },
    },
  },
];

/** A unit's lifetime (docs/analytics.md): one record, not a report table, so no CSV or chart. */
export const unitLifetimeRow: RouteRow = {
  method: 'GET',
  path: '/api/inventory-units/:id/lifetime',
  operation: 'inventoryUnitLifetime',
  params: { id: 'unitId' },
  tag: 'Inventory',
  summary:
    'A unit’s lifetime to today: meter run (Σ meter in - meter out), rentals, days on rent, maintenance count and days, revenue attributed to it',
};
