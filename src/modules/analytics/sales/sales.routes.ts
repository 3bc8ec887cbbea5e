import type { ReportRow } from '../format/report-format';
import { A, RANGE } from '../shared/report-rows';

/** Sales (part 4): REST rows with their CSV columns and chart (docs/analytics.md). */
export const salesReports: ReportRow[] = [
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
];
