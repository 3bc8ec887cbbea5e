/**
 * Works the `list-export` queue in this process (docs/jobs.md, "Exports as jobs") unless EXPORT_WORKER=false: jobs
 * come from every instance. Apart from list-export-job.ts so that only `npm start` loads the composition here.
 */
import { buildExecutableSchema, compileRoutes, type AppDeps } from '../src/composition';
import { startQueueWorkers, type QueueWorker } from '../src/jobs/job-queue';
import type { JobsServices } from '../src/modules/jobs/jobs.services';
import { exportWorker } from './list-export-job';
import { listExporter } from './list-export-route';

export async function startExportWorker(deps: AppDeps): Promise<{ stop(): Promise<void> } | undefined> {
  const { config, orm, logger } = deps;
  if (!config.exports.worker) return undefined;
  const schema = await buildExecutableSchema();
  const exporter = listExporter(deps, schema, compileRoutes(schema), logger);
  const services = deps.services as unknown as JobsServices;
  const worker = exportWorker(orm, services, exporter, config.exports.resultHours);
  return startQueueWorkers(orm.config.getClientUrl(), [worker as QueueWorker<never>], logger).catch((err: unknown) => {
    logger.error({ err }, 'the list-export worker did not start');
    return undefined;
  });
}
