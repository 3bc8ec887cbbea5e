import { ref, type EntityManager, type FilterQuery, type MikroORM } from '@mikro-orm/postgresql';
import type { Response } from 'express';
import { findOr404 } from '../../db/find-or-404';
import { listPage, type ListSpec } from '../../db/list-query';
import { type Page, SortOrder } from '../../db/pagination';
import type { Principal } from '../../http/principal';
import { transactionalJobs } from '../../jobs/job-queue';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { Role } from '../../lib/role';
import { Organization } from '../accounts/organizations/organization.entity';
import { User } from '../accounts/users/user.entity';
import { BackgroundJob, BackgroundJobStatus } from './background-job.entity';
import type { JobListArgs } from './background-job.types';
import { deleteFile, storeFile } from './job-files';
import { jobBody } from './job-body';
import { type JobContext, type JobMessage, type JobOutcome, publishJob, runBackgroundJob } from './job-runner';

const LIST: ListSpec<BackgroundJob> = {
  searchFields: ['kind'],
  sortable: { createdAt: 'createdAt', finishedAt: 'finishedAt', status: 'status', kind: 'kind' },
  defaultSort: { field: 'createdAt', order: SortOrder.desc },
  dateField: 'createdAt',
};

/** A job to start: its kind, the pg-boss queue whose worker runs that kind, what it was asked, and its input. */
export interface NewJob {
  kind: string;
  queue: string;
  params: Record<string, unknown>;
  totalRows?: number | null;
  input?: AsyncIterable<Buffer> | Buffer;
}

/**
 * Background jobs (docs/jobs.md): started by the module whose work they are, read and cancelled here. A member
 * sees the jobs they started, an admin every job of the organization; another's job is 404.
 */
export class BackgroundJobService {
  /** Records the job, stores its input and puts it on its queue, in one transaction: no job without its message. */
  start(em: EntityManager, principal: Principal, spec: NewJob): Promise<BackgroundJob> {
    return em.transactional(async (tx) => {
      const job = new BackgroundJob(spec.kind);
      job.organization = ref(tx.getReference(Organization, principal.organizationId));
      job.createdBy = ref(tx.getReference(User, principal.userId));
      job.params = spec.params;
      job.totalRows = spec.totalRows ?? null;
      tx.persist(job);
      await tx.flush();
      if (spec.input)
        await storeFile(tx, { organizationId: principal.organizationId, jobId: job.id }, 'input', spec.input);
      const message: JobMessage = { organizationId: principal.organizationId, jobId: job.id };
      await transactionalJobs.send(tx, spec.queue, message);
      return job;
    });
  }

  /** Runs one delivery of a job's queue message exactly once (job-runner.ts): what a kind's worker calls. */
  run(
    orm: MikroORM,
    message: JobMessage,
    attempt: { final: boolean },
    work: (ctx: JobContext) => Promise<JobOutcome>,
  ): Promise<void> {
    return runBackgroundJob(orm, message, attempt, work);
  }

  /** The answer to a request that became a job: `202 Accepted`, `Location: /api/jobs/<id>` and the job. */
  accepted(res: Response, job: BackgroundJob): void {
    res.status(202).location(`/api/jobs/${job.id}`).json(jobBody(job));
  }

  async get(em: EntityManager, principal: Principal, id: string): Promise<BackgroundJob> {
    const job = await findOr404(em, BackgroundJob, id, 'Job');
    if (!visible(principal, job)) throw AppError.notFound('Job');
    return job;
  }

  list(em: EntityManager, principal: Principal, args: JobListArgs): Promise<Page<BackgroundJob>> {
    const where: FilterQuery<BackgroundJob> = {
      ...(principal.role === Role.user ? { createdBy: principal.userId } : {}),
      ...(args.kind ? { kind: args.kind } : {}),
      ...(args.status ? { status: args.status } : {}),
    };
    return listPage(em, BackgroundJob, args, LIST, where);
  }

  /**
   * Cancels a queued or running job: it is marked cancelled at once; a running one stops at its next progress
   * report or at its end, and rolls back what it did. 409 when it has already finished.
   */
  async cancel(em: EntityManager, principal: Principal, id: string): Promise<BackgroundJob> {
    const job = await this.get(em, principal, id);
    return em.transactional(async (tx) => {
      const rows = await tx.execute<{ status: string }[]>(
        `update background_jobs j set status = 'cancelled', finished_at = ?, updated_at = ?
          from (select id, status from background_jobs where id = ? for update) before
         where j.id = before.id and before.status in ('queued', 'running') returning before.status`,
        [clock.now(), clock.now(), job.id],
      );
      if (!rows.length) throw AppError.conflict(`The job has already finished (${job.status})`);
      if (rows[0].status === BackgroundJobStatus.queued) await deleteFile(tx, job.id);
      const cancelled = await tx.findOneOrFail(BackgroundJob, { id: job.id }, { refresh: true });
      await publishJob(tx, cancelled, principal.organizationId);
      return cancelled;
    });
  }
}

const visible = (principal: Principal, job: BackgroundJob) =>
  principal.role !== Role.user || job.createdById === principal.userId;
