/**
 * The worker of the list exports run as jobs (docs/jobs.md, "Exports as jobs"): the REST adapter records the job
 * (rest-adapter/list-export-job.ts), this streams the list's CSV into the job's result file. The export itself is
 * the adapter's (`ListExporter`), handed in by the composition.
 */
import { PassThrough } from 'node:stream';
import type { MikroORM } from '@mikro-orm/postgresql';
import { EXPORT_QUEUE, exportFileName, type ExportParams, type ListExporter } from '../../http/list-export-rows';
import type { Principal } from '../../http/principal';
import { PROGRESS_ROWS, type QueueWorker } from '../../jobs/job-queue';
import { clock } from '../../lib/clock';
import type { BackgroundJobService } from './background-job.service';
import type { JobMessage } from './job-runner';

type JobServices = { backgroundJobs: BackgroundJobService };

/**
 * The queue's worker: the export of the job's list into its result file, in the job's transaction (the file commits
 * with the job's success), reporting the rows written every PROGRESS_ROWS. Its report says where the file is.
 */
export function exportWorker(
  orm: MikroORM,
  services: JobServices,
  exporter: ListExporter,
  resultHours: number,
): QueueWorker<JobMessage> {
  return {
    queue: EXPORT_QUEUE,
    run: (message, attempt) =>
      services.backgroundJobs.run(orm, message, attempt, async ({ job, storeResult, progress }) => {
        const { list, query, principal } = job.params as unknown as ExportParams;
        const csv = new PassThrough();
        let reported = 0;
        const counters = (rows: number) => ({ rowsRead: rows, rowsDecided: rows, rowsWritten: rows });
        const report = (rows: number) => {
          if (rows - reported < PROGRESS_ROWS) return;
          reported = rows;
          return progress(counters(rows));
        };
        const [rows, bytes] = await Promise.all([
          exporter.exportList(list, query, principal as Principal, csv, report),
          // a failed store stops the export (its cursor) rather than leaving it waiting on a full pipe
          storeResult(csv).catch((e: unknown) => {
            csv.destroy(e as Error);
            throw e;
          }),
        ]);
        const expiresAt = new Date(clock.nowMs() + resultHours * 3_600_000).toISOString();
        return {
          report: {
            list,
            rows,
            bytes,
            fileName: exportFileName(list),
            contentType: 'text/csv; charset=utf-8',
            result: `/api/jobs/${job.id}/result`,
            expiresAt,
          },
          counters: counters(rows),
        };
      }),
  };
}
