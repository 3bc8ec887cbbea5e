import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import { createContext } from '../../graphql/context';
import { accessError } from '../../graphql/rules';
import { sendError } from '../../http/error-response';
import { clock } from '../../lib/clock';
import { AppError, ErrorCode } from '../../lib/errors';
import { toAppError } from '../../lib/to-app-error';
import type { RouterDeps } from '../module';
import { BackgroundJobStatus } from './background-job.entity';
import { hasFile, readFile } from './job-files';
import type { JobsServices } from './jobs.services';

export const JOB_RESULT_PATH = '/api/jobs/:id/result';

/** What a job with a result file says of it in its report (an export's: list-export-job.ts). */
interface ResultReport {
  fileName?: string;
  contentType?: string;
}

/**
 * GET /api/jobs/:id/result (docs/jobs.md, "Exports as jobs"): the job's result file, streamed a piece at a time
 * from the database, to whoever may see the job (GET /api/jobs/:id's rule: a member their own jobs, an admin the
 * organization's; another's is 404). 409 while the job has not succeeded; 404 for a job without a result file, and
 * once the result has expired (EXPORT_RESULT_HOURS after the job finished). Beside the REST table: it answers bytes.
 */
export function jobResultRouter(deps: RouterDeps<JobsServices>): Router {
  const router = Router();
  const { requestMs } = deps.config.timeouts;
  const keptMs = deps.config.exports.resultHours * 3_600_000;
  router.get(
    JOB_RESULT_PATH,
    deps.limiter.middleware(() => 'read'),
    async (req, res) => {
      let begun = false;
      try {
        const { principal } = req.auth;
        const denied = accessError('session', principal, req.auth.failure);
        if (denied || !principal) return sendError(req, res, denied ?? AppError.unauthenticated());
        const { em } = createContext(deps, req, res);
        const job = await deps.services.backgroundJobs.get(em, principal, String(req.params.id));
        const report = (job.report ?? {}) as ResultReport;
        if (job.status !== BackgroundJobStatus.succeeded)
          throw AppError.conflict(`The job has no result before it succeeds (it is ${job.status})`);
        if (!report.fileName) throw AppError.notFound('A result file of this job');
        const expired = (job.finishedAt?.getTime() ?? 0) + keptMs <= clock.nowMs();
        if (expired || !(await hasFile(em, job.id, 'result')))
          throw new AppError(
            ErrorCode.NOT_FOUND,
            `The job's result has expired: results are kept ${deps.config.exports.resultHours} hours`,
          );
        begun = true;
        res
          .status(200)
          .type(report.contentType ?? 'application/octet-stream')
          .set('Content-Disposition', `attachment; filename="${report.fileName}"`);
        // every piece restarts the request's deadline, as an export's batches do
        await pipeline(
          readFile(em, job.id, 'result', () => req.extendDeadline?.(requestMs)),
          res,
        );
      } catch (e) {
        if (!begun)
          return sendError(
            req,
            res,
            toAppError(e) ?? new AppError(ErrorCode.INTERNAL_SERVER_ERROR, 'Internal server error'),
            e,
          );
        req.log.error({ err: e }, 'job result: answer cut short');
        res.destroy();
      }
    },
  );
  return router;
}
