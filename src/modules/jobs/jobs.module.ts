import { defineModule } from '../module';
import { BackgroundJob, BackgroundJobInput } from './background-job.entity';
import { BackgroundJobResolver } from './background-job.resolver';
import { jobRoutes } from './jobs.routes';
import { pruneResults } from './job-files';
import { jobResultRouter } from './job-result.route';
import { createJobsServices } from './jobs.services';

/** Background jobs (docs/jobs.md): long work (a CSV import, a list export) as a record with progress, polled or subscribed to. */
export const jobsModule = defineModule({
  name: 'jobs',
  summary:
    'Background jobs: long work (a large CSV import, a list export) with its progress, report or error, polled or cancelled; the file of an export',
  entities: [BackgroundJob, BackgroundJobInput],
  resolvers: [BackgroundJobResolver],
  routes: jobRoutes,
  migrations: () => import('./migrations'),
  // the result file of a job (an export's CSV), streamed beside the JSON table
  routers: [{ mount: 'api', create: jobResultRouter }],
  schedules: [
    {
      // results are kept EXPORT_RESULT_HOURS after their job finished (docs/jobs.md, "Exports as jobs")
      name: 'job-result-retention',
      cron: '41 * * * *',
      run: ({ orm, config }) => pruneResults(orm.em.fork(), config.exports.resultHours, config.retention.batchSize),
    },
  ],
  idSegments: { jobs: 'background_jobs' },
  needs: [],
  services: createJobsServices,
});
