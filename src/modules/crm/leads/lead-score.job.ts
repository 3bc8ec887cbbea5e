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

/** The queue's worker: every stale lead of the job's organization, as that organization, a batch per transaction. */
export function leadScoreWorker(orm: MikroORM, scores: LeadScoreService): QueueWorker<LeadScoreJob> {
  return {
    queue: LEAD_SCORE_QUEUE,
    run: async ({ organizationId }) => {
      const em = orm.em.fork();
      em.setFilterParams(TENANT_FILTER, { organizationId });
      await withTenantAccess(organizationId, () => scores.backfill(em, organizationId));
    },
  };
}

/** Works the lead-score backfill queue in every API process (its jobs are rare: a keyword change, a large import). */
export const leadScoreJob = queueJob<{ leadScores: LeadScoreService }>(
  'lead-score-backfill',
  () => true,
  (orm, services) => leadScoreWorker(orm, services.leadScores) as QueueWorker<never>,
);
