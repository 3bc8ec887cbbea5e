import type { ReportRow } from '../format/report-format';
import { A, RANGE } from '../shared/report-rows';

/** Team activity (part 5): REST rows with their CSV columns and chart (docs/analytics.md). */
export const teamReports: ReportRow[] = [
  {
    method: 'GET',
    path: '/api/analytics/activities',
    operation: 'activityReport',
    tag: A,
    summary: `Activities (calls, emails, SMS, meetings) by author, type and direction, with the previous period; ${RANGE}`,
    format: {
      columns: ['userId', 'name', 'type', 'direction', 'count', 'previousCount'],
      chart: {
        mark: 'bar',
        x: 'name',
        y: ['count', 'previousCount'],
        title: 'Activities by user',
        yTitle: 'Activities',
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
];
