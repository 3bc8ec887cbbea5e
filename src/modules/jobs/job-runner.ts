import type { Readable } from 'node:stream';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { withTenantAccess } from '../../db/access';
import { TENANT_FILTER } from '../../db/tenant-filter';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { publishLive } from '../../live/publish';
import { BackgroundJob, BackgroundJobStatus, type JobError } from './background-job.entity';
import { deleteFile, readFile, storeFile } from './job-files';

/** What a job's queue message carries: the job record says the rest. */
export interface JobMessage {
  organizationId: string;
  jobId: string;
}

export interface JobCounters {
  rowsRead: number;
  rowsDecided?: number;
  rowsWritten?: number;
}

/** What a kind's work gets: the job's transaction, the job, its input and a progress reporter. */
export interface JobContext {
  /** The job's transaction: what the work writes commits together with the job's success, or not at all. */
  tx: EntityManager;
  job: BackgroundJob;
  /** The job's input, read a piece at a time on another connection than `tx`. */
  input(): Readable;
  /** Stores the job's result file through `tx` (it commits with the job's success); answers its bytes. */
  storeResult(content: AsyncIterable<Buffer | string>): Promise<number>;
  /** Records and publishes the counters (outside `tx`, so they are seen at once); throws JobCancelled when cancelled. */
  progress(counters: JobCounters): Promise<void>;
}

export interface JobOutcome {
  report: Record<string, unknown>;
  counters: Required<JobCounters>;
}

/** The job was cancelled while it ran: its transaction rolls back. */
export class JobCancelled extends Error {
  constructor() {
    super('the job was cancelled');
  }
}

/** Publishes the job's state on its live topic `job:<id>` (src/live/publish.ts), through `em` (its transaction, if any). */
export function publishJob(
  em: EntityManager,
  job: Pick<BackgroundJob, 'id' | 'kind' | 'status'> & Partial<BackgroundJob>,
  organizationId: string,
) {
  const data = {
    id: job.id,
    kind: job.kind,
    status: job.status,
    rowsRead: job.rowsRead ?? 0,
    rowsDecided: job.rowsDecided ?? 0,
    rowsWritten: job.rowsWritten ?? 0,
    totalRows: job.totalRows ?? null,
  };
  return publishLive(em, { organizationId, topic: `job:${job.id}`, data });
}

const RUNNABLE = `status in ('queued', 'running')`;

/**
 * Runs one job of any kind exactly once (docs/jobs.md, "Exactly once"):
 * - the job is claimed (queued or running -> running, attempts + 1); a finished or cancelled job is not run again,
 *   whatever pg-boss redelivers;
 * - the work runs in one transaction that takes the job's advisory lock first and re-reads its status (a second
 *   delivery of the same job waits for the first, then finds it finished), and ends by marking the job succeeded
 *   with its report, only if it is still running (a cancel rolls everything back);
 * - an AppError (a bad file) is the job's answer: recorded as failed, not retried; any other error is retried by
 *   the queue, and recorded as failed on the last attempt. Either way nothing of the work is written.
 * The input is deleted when the job finishes; a result it stored (`storeResult`) is kept with its success.
 */
export async function runBackgroundJob(
  orm: MikroORM,
  message: JobMessage,
  attempt: { final: boolean },
  work: (ctx: JobContext) => Promise<JobOutcome>,
): Promise<void> {
  const { organizationId, jobId } = message;
  const em = orm.em.fork({ clear: true }) as EntityManager;
  em.setFilterParams(TENANT_FILTER, { organizationId });
  await withTenantAccess(organizationId, async () => {
    const claimed = await em.execute<{ id: string }[]>(
      `update background_jobs set status = 'running', attempts = attempts + 1, started_at = coalesce(started_at, ?), updated_at = ?
        where id = ? and ${RUNNABLE} returning id`,
      [clock.now(), clock.now(), jobId],
    );
    if (!claimed.length) return; // finished, cancelled or gone: a redelivery does nothing
    const job = await em.findOneOrFail(BackgroundJob, { id: jobId }, { refresh: true });
    await publishJob(em, job, organizationId);
    const progress = async (c: JobCounters) => {
      const rows = await em.execute<{ id: string }[]>(
        `update background_jobs set rows_read = ?, rows_decided = ?, rows_written = ?, updated_at = ?
          where id = ? and status = 'running' returning id`,
        [c.rowsRead, c.rowsDecided ?? 0, c.rowsWritten ?? 0, clock.now(), jobId],
      );
      if (!rows.length) throw new JobCancelled();
      await publishJob(em, { ...job, ...c, status: BackgroundJobStatus.running } as BackgroundJob, organizationId);
    };
    try {
      await (orm.em.fork({ clear: true }) as EntityManager).transactional(async (tx) => {
        tx.setFilterParams(TENANT_FILTER, { organizationId });
        await tx.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [jobId]);
        const [now] = await tx.execute<{ status: string }[]>('select status from background_jobs where id = ?', [
          jobId,
        ]);
        if (now?.status !== BackgroundJobStatus.running) return; // another delivery finished it meanwhile
        const outcome = await work({
          tx,
          job,
          input: () => readFile(em, jobId, 'input'),
          storeResult: (content) => storeFile(tx, { organizationId, jobId }, 'result', content),
          progress,
        });
        const done = await tx.execute<{ id: string }[]>(
          `update background_jobs set status = 'succeeded', report = ?::jsonb, rows_read = ?, rows_decided = ?,
                  rows_written = ?, finished_at = ?, updated_at = ? where id = ? and status = 'running' returning id`,
          [
            JSON.stringify(outcome.report),
            outcome.counters.rowsRead,
            outcome.counters.rowsDecided,
            outcome.counters.rowsWritten,
            clock.now(),
            clock.now(),
            jobId,
          ],
        );
        if (!done.length) throw new JobCancelled();
        await deleteFile(tx, jobId, 'input');
        await publishJob(tx, { ...job, ...outcome.counters, status: BackgroundJobStatus.succeeded }, organizationId);
      });
    } catch (e) {
      if (e instanceof JobCancelled) return deleteFile(em, jobId);
      if (!(e instanceof AppError) && !attempt.final) throw e; // the queue retries it
      await fail(em, job, organizationId, errorOf(e));
    }
  });
}

function errorOf(e: unknown): JobError {
  if (e instanceof AppError) return { code: e.code, message: e.message, ...(e.details ? { details: e.details } : {}) };
  return { code: 'INTERNAL_SERVER_ERROR', message: 'The job failed after its retries; nothing of it was written' };
}

/** Records the failure (if the job still runs: a cancel wins) and deletes the input, in one transaction. */
async function fail(em: EntityManager, job: BackgroundJob, organizationId: string, error: JobError): Promise<void> {
  await em.transactional(async (tx) => {
    await tx.execute(
      `update background_jobs set status = 'failed', error = ?::jsonb, finished_at = ?, updated_at = ?
        where id = ? and status = 'running'`,
      [JSON.stringify(error), clock.now(), clock.now(), job.id],
    );
    await deleteFile(tx, job.id);
    await publishJob(tx, { ...job, status: BackgroundJobStatus.failed }, organizationId);
  });
}
