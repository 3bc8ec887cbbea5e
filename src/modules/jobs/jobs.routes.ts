import { page, type RouteRow } from '../../http/route-row';

const TAG = 'Jobs';
/** The fields of a job, as GET /api/jobs/:id and the 202 of a request made a job answer them (job-body.ts). */
export const JOB =
  '{ id kind status rowsRead rowsDecided rowsWritten totalRows report error attempts createdById startedAt finishedAt organizationId createdAt updatedAt }';

/** Background jobs (docs/jobs.md): poll one, list them, cancel one. */
export const jobRoutes: RouteRow[] = [
  {
    method: 'GET',
    path: '/api/jobs',
    operation: 'jobs',
    tag: TAG,
    summary: 'Background jobs, newest first (paginated; kind, status): yours, or every job for an admin',
    selection: page(JOB),
  },
  {
    method: 'GET',
    path: '/api/jobs/:id',
    operation: 'job',
    tag: TAG,
    summary:
      'One job: status, rows read, decided and written, total; the report when it succeeded, the error when it failed',
    selection: JOB,
  },
  {
    method: 'POST',
    path: '/api/jobs/:id/cancel',
    operation: 'cancelJob',
    tag: TAG,
    summary: 'Cancel a queued or running job; nothing of it is written (409 once it has finished)',
    selection: JOB,
  },
];
