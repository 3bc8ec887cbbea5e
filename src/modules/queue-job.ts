import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../config';
import type { ModuleJob } from './module';
import { type QueueWorker, startQueueWorkers } from '../jobs/job-queue';

/**
 * A module's job that works one queue in this process (its jobs come from every instance; pg-boss hands each to one
 * worker, with the queue's retries) unless `enabled` says no. A worker that cannot start is logged, not fatal.
 */
export function queueJob<S>(
  name: string,
  enabled: (config: Config) => boolean,
  worker: (orm: MikroORM, services: S) => QueueWorker<never>,
): ModuleJob<S> {
  return {
    name,
    enabled,
    start: ({ orm, logger, services }) => {
      const started = startQueueWorkers(orm.config.getClientUrl(), [worker(orm, services)], logger).catch(
        (err: unknown) => {
          logger.error({ err }, `the ${name} worker did not start`);
          return undefined;
        },
      );
      return { stop: async () => (await started)?.stop() };
    },
  };
}
