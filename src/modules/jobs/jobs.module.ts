import { defineModule } from '../module';
import { BackgroundJob, BackgroundJobInput } from './background-job.entity';
import { BackgroundJobResolver } from './background-job.resolver';
import { jobRoutes } from './jobs.routes';
import { createJobsServices } from './jobs.services';
import { Migration20261212100000_background_jobs } from './migrations/Migration20261212100000_background_jobs';

/** Background jobs (docs/jobs.md): long work (a CSV import) as a record with progress, polled or subscribed to. */
export const jobsModule = defineModule({
  name: 'jobs',
  summary: 'Background jobs: long work (a large CSV import) with its progress, report or error, polled or cancelled',
  entities: [BackgroundJob, BackgroundJobInput],
  resolvers: [BackgroundJobResolver],
  routes: jobRoutes,
  migrations: [{ name: 'Migration20261212100000_background_jobs', class: Migration20261212100000_background_jobs }],
  idSegments: { jobs: 'background_jobs' },
  needs: [],
  services: createJobsServices,
});
