import type { MikroORM } from '@mikro-orm/postgresql';
import { withTenantAccess } from '../../../db/access';
import { TENANT_FILTER } from '../../../db/tenant-filter';
import type { QueueWorker } from '../../../jobs/job-queue';
import { queueJob } from '../../queue-job';
import { RECORDING_QUEUE, type RecordingJob } from './call-transcript.service';
import type { RecordingTranscriber } from './recording-transcriber';

/** The queue's worker: each job runs as its organization (the ORM filter and row-level security both hold to it). */
export function recordingWorker(orm: MikroORM, transcriber: RecordingTranscriber): QueueWorker<RecordingJob> {
  return {
    queue: RECORDING_QUEUE,
    run: (job, attempt) => {
      const em = orm.em.fork();
      em.setFilterParams(TENANT_FILTER, { organizationId: job.organizationId });
      return withTenantAccess(job.organizationId, () => transcriber.run(em, job, attempt));
    },
  };
}

/**
 * Works the recording-transcription queue in this process unless TRANSCRIPTION_WORKER=false (its jobs come from
 * every instance's webhooks; pg-boss hands each job to one worker, with the queue's retries).
 */
export const recordingTranscriptionJob = queueJob<{ recordingTranscriber: RecordingTranscriber }>(
  'recording-transcription',
  (config) => config.inbound.recordings.worker,
  (orm, services) => recordingWorker(orm, services.recordingTranscriber) as QueueWorker<never>,
);
