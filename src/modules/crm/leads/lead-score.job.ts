import type { MikroORM } from '@mikro-orm/postgresql';
import { withTenantAccess } from '../../../db/access';
import { TENANT_FILTER } from '../../../db/tenant-filter';
import type { QueueWorker } from '../../../jobs/job-queue';
import { queueJob } from '../../queue-job';
import { LEAD_SCORE_QUEUE, type LeadScoreService } from './lead-score.service';

/** A backfill's job: the organization whose stale leads are left to score. */
export interface LeadScoreJob {
  organizationId: string;
}

/**
 * Batches of 200 leads a job scores (50,000 leads, minutes, well inside the queue's 15-minute expiry); when more are
 * left it queues the organization's next job, so a million leads is a chain of jobs, never one that expires.
 */
const JOB_BATCHES = 250;

/** The queue's worker: the job's organization's stale leads, as that organization, a batch per transaction. */
export function leadScoreWorker(
  orm: MikroORM,
  scores: LeadScoreService,
  batches = JOB_BATCHES,
): QueueWorker<LeadScoreJob> {
  return {
    queue: LEAD_SCORE_QUEUE,
    run: async ({ organizationId }) => {
      const em = orm.em.fork();
      em.setFilterParams(TENANT_FILTER, { organizationId });
      await withTenantAccess(organizationId, () => scores.current(em, organizationId, batches));
    },
  };
}

/** Works the lead-score backfill queue in every API process (its jobs are rare: a keyword change, a large import). */
export const leadScoreJob = queueJob<{ leadScores: LeadScoreService }>(
  LEAD_SCORE_QUEUE,
  () => true,
  (orm, services) => leadScoreWorker(orm, services.leadScores) as QueueWorker<never>,
);
