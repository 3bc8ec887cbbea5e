/**
 * A list's export run as a background job (docs/jobs.md, "Exports as jobs"): `GET /api/<list>/export` with
 * `Prefer: respond-async` or `async=true` answers 202 and the job; the queue's worker streams the same CSV
 * (`exportList`, list-export-route.ts) into the job's result file, which `GET /api/jobs/:id/result` serves.
 */
import { PassThrough } from 'node:stream';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Request, Response } from 'express';
import type { GraphQLSchema } from 'graphql';
import { type ContextDeps, createContext } from '../src/graphql/context';
import { EXPORT_SUFFIX } from '../src/http/list-export-rows';
import type { Principal } from '../src/http/principal';
import type { QueueWorker } from '../src/jobs/job-queue';
import { clock } from '../src/lib/clock';
import type { BackgroundJobService } from '../src/modules/jobs/background-job.service';
import { type JobMessage, PROGRESS_ROWS } from '../src/modules/jobs/job-runner';
import type { CompiledRoute } from './compile';
import { ListFailed, listRead } from './list-export';
import type { ListExporter } from './list-export-route';
import { bindVariables } from './variables';

/** The kind of an export's job, and the pg-boss queue its worker works (created by a jobs migration). */
export const EXPORT_JOB_KIND = 'list_export';
export const EXPORT_QUEUE = 'list-export';

/** What an export job was asked: the list, its query string, and the access it runs with (the asker's, then). */
interface ExportParams {
  list: string;
  query: Record<string, string | string[]>;
  principal: Pick<Principal, 'userId' | 'organizationId' | 'role' | 'email' | 'apiKeyId'>;
}

type JobServices = { backgroundJobs: BackgroundJobService };

/** `contacts-2026-11-26.csv`: the list's last path segment and the day (UTC). */
export function exportFileName(list: string): string {
  return `${list.split('/').filter(Boolean).pop() ?? 'export'}-${clock.now().toISOString().slice(0, 10)}.csv`;
}

/**
 * Starts the export of `route` as a job: the parameters get every check the streamed form makes before its first
 * byte (their types, then the list's own filter and sort checks: the same 400s), then the job is recorded and queued.
 */
export async function startExportJob(
  deps: ContextDeps<unknown>,
  schema: GraphQLSchema,
  route: CompiledRoute,
  req: Request,
  res: Response,
): Promise<void> {
  const principal = req.auth.principal as Principal;
  const variables = bindVariables(route, req);
  const ctx = createContext(deps, req, res);
  await listRead(route, variables, {
    schema,
    context: () => ctx,
    batchRows: deps.config.exports.batchRows,
    timeoutMs: deps.config.exports.timeoutMs,
  }).catch((e: unknown) => {
    throw e instanceof ListFailed ? e.error : e;
  });
  const query = Object.fromEntries(
    route.args
      .filter((b) => b.source === 'query' && req.query[b.key] !== undefined)
      .map((b) => [b.key, req.query[b.key] as string | string[]]),
  );
  const { userId, organizationId, role, email, apiKeyId } = principal;
  const params: ExportParams = {
    list: route.row.path.slice(0, -EXPORT_SUFFIX.length),
    query,
    principal: { userId, organizationId, role, email, ...(apiKeyId ? { apiKeyId } : {}) },
  };
  const { backgroundJobs } = deps.services as JobServices;
  const job = await backgroundJobs.start(ctx.em, principal, {
    kind: EXPORT_JOB_KIND,
    queue: EXPORT_QUEUE,
    params: params as unknown as Record<string, unknown>,
  });
  backgroundJobs.accepted(res, job);
}

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
