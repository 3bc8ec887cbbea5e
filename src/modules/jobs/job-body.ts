import type { BackgroundJob } from './background-job.entity';

/** A job as GET /api/jobs/:id answers it (the JOB selection of jobs.routes.ts), for routers beside the REST table. */
export function jobBody(job: BackgroundJob): Record<string, unknown> {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    rowsRead: job.rowsRead,
    rowsDecided: job.rowsDecided,
    rowsWritten: job.rowsWritten,
    totalRows: job.totalRows,
    report: job.report,
    error: job.error,
    attempts: job.attempts,
    createdById: job.createdById,
    startedAt: iso(job.startedAt),
    finishedAt: iso(job.finishedAt),
    organizationId: job.organizationId,
    createdAt: iso(job.createdAt),
    updatedAt: iso(job.updatedAt),
  };
}
