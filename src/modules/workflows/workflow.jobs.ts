import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { withTenantAccess } from '../../db/access';
import { TENANT_FILTER } from '../../db/tenant-filter';
import { type QueueWorker, startQueueWorkers, transactionalJobs } from '../../jobs/job-queue';
import { workflowConfig, type WorkflowConfig } from './workflow.settings';
import { clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { ModuleJob } from '../module';
import { dispatchEvents, resumeWaits, type RunJob, WORKFLOW_QUEUE } from './dispatch.sql';
import { sweepTimeTriggers } from './time-sweep';
import type { WorkflowRunner } from './workflow-runner';

const BATCH = 500;
/** The time triggers are looked at once a minute (a day's date or an hour's schedule needs no more). */
const SWEEP_MS = 60_000;

/**
 * One round of the dispatcher: the runs of new events, and the waiting runs whose wait is over, and their jobs, in one
 * transaction (no run without its job).
 */
export function dispatchOnce(orm: MikroORM, config: WorkflowConfig, now: Date = clock.now()): Promise<RunJob[]> {
  return withJobs(orm, async (tx) => [
    ...(await dispatchEvents(tx, now, BATCH, config.maxDepth)),
    ...(await resumeWaits(tx, now, BATCH)),
  ]);
}

/** One round of the date and schedule triggers, the same way: runs and their jobs in one transaction. */
export function sweepOnce(orm: MikroORM, now: Date = clock.now()): Promise<RunJob[]> {
  return withJobs(orm, (tx) => sweepTimeTriggers(tx, now));
}

function withJobs(orm: MikroORM, make: (tx: EntityManager) => Promise<RunJob[]>): Promise<RunJob[]> {
  return (orm.em.fork({ clear: true }) as EntityManager).transactional(async (tx) => {
    const runs = await make(tx);
    for (const job of runs) await transactionalJobs.send(tx, WORKFLOW_QUEUE, job);
    return runs;
  });
}

/** A run's job as the queue works it: as its organization (the ORM filter and row-level security both hold to it). */
export function runJob(orm: MikroORM, runner: WorkflowRunner, job: RunJob, attempt: { final: boolean }) {
  const em = orm.em.fork({ clear: true }) as EntityManager;
  em.setFilterParams(TENANT_FILTER, { organizationId: job.organizationId });
  return withTenantAccess(job.organizationId, () => runner.run(em, job, attempt));
}

/** The dispatcher's loop: a round every WORKFLOW_POLL_MS, at once again while a round was full. */
function loop(orm: MikroORM, config: WorkflowConfig, log: Logger, dispatched: () => void) {
  let running = true;
  let timer: NodeJS.Timeout | undefined;
  let swept = 0;
  const tick = async () => {
    let made = 0;
    try {
      made = (await dispatchOnce(orm, config)).length;
      if (clock.nowMs() - swept >= SWEEP_MS) {
        swept = clock.nowMs();
        made += (await sweepOnce(orm)).length;
      }
      if (made) dispatched();
    } catch (err) {
      log.error({ err }, 'workflow dispatch failed');
    }
    if (running) timer = setTimeout(() => void tick(), made >= BATCH ? 0 : config.pollMs);
  };
  void tick();
  return () => {
    running = false;
    clearTimeout(timer);
  };
}

/**
 * Dispatches events to workflows and works the workflow-runs queue in this process unless WORKFLOW_WORKER=false.
 * Any number of instances may: the dispatcher's SKIP LOCKED and unique run per (version, event), and pg-boss
 * handing each job to one worker, keep every run to one.
 */
export const workflowJob: ModuleJob<{ workflowRunner: WorkflowRunner }> = {
  name: 'workflow-worker',
  enabled: (config) => workflowConfig(config).worker,
  start: ({ orm, logger, config, services }) => {
    const worker: QueueWorker<RunJob> = {
      queue: WORKFLOW_QUEUE,
      run: (job, attempt) => runJob(orm, services.workflowRunner, job, attempt).then(() => undefined),
      // a busy organization's events come by the hundred: many runs per poll, a few at once
      batch: { size: 50, concurrency: 4, pollSeconds: 0.5 },
    };
    const started = startQueueWorkers(orm.config.getClientUrl(), [worker as QueueWorker<never>], logger).catch(
      (err: unknown) => {
        logger.error({ err }, 'the workflow-runs worker did not start');
        return undefined;
      },
    );
    // The runs this process dispatched are worked at once by its own worker (any instance's worker may take them).
    const stopLoop = loop(orm, workflowConfig(config), logger, () => void started.then((w) => w?.wake(WORKFLOW_QUEUE)));
    return {
      stop: async () => {
        stopLoop();
        await (await started)?.stop();
      },
    };
  },
};
