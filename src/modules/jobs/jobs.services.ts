import type { AuthedContext } from '../../graphql/context';
import { BackgroundJobService } from './background-job.service';

/** Background jobs (docs/jobs.md): the record every kind of long work shares. */
export function createJobsServices() {
  return { backgroundJobs: new BackgroundJobService() };
}

export type JobsServices = ReturnType<typeof createJobsServices>;
export type JobsContext = AuthedContext<JobsServices>;
