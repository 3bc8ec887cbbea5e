import PgBoss from 'pg-boss';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../lib/logger';
import { bossOnOwnPool } from './boss-pool';
import { SCHEDULER_SCHEMA } from './scheduler';

/**
 * Work done once, later, with retries (docs/decisions.md, "A recorded call is two steps"): pg-boss queues
 * created by committed migrations (each with its retry policy), a job put on one by the same transaction that
 * writes the record it is about, so a rolled-back write leaves no job and a committed one always has its job.
 */
export interface JobSender {
  /**
   * `singletonKey`, on a queue of pg-boss's `stately` policy: one job of that key waits at a time; a send while one
   * waits puts none (the waiting one will do the work).
   */
  send(tx: EntityManager, queue: string, data: object, options?: { singletonKey?: string }): Promise<void>;
}

/** Rows between two progress reports of a long job (an import's rows read, an export's rows written). */
export const PROGRESS_ROWS = 5_000;

/** pg-boss builds the job's INSERT; it runs on the caller's transaction (never on a pool of pg-boss's own). */
const builder = new PgBoss({
  schema: SCHEDULER_SCHEMA,
  db: { executeSql: () => Promise.reject(new Error('a job is sent through the caller transaction')) },
});

/** pg-boss's numbered parameters ($1, a number used twice too) as the `?` bindings the EntityManager takes. */
function positional(text: string, values: unknown[]): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const sql = text.replace(/\$(\d+)/g, (_m, n: string) => {
    const v = values[Number(n) - 1];
    params.push(v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : (v ?? null));
    return '?';
  });
  return { sql, params };
}

export const transactionalJobs: JobSender = {
  async send(tx, queue, data, options = {}) {
    const db = {
      executeSql: async (text: string, values: unknown[]) => {
        const { sql, params } = positional(text, values);
        return { rows: (await tx.execute(sql, params as never[], 'all')) as unknown[] };
      },
    };
    const id = await builder.send(queue, data, { db, ...options });
    if (id) return;
    // no id: a job of this key already waits, or there is no such queue
    const [known] = await tx.execute<unknown[]>(
      `select 1 from ${SCHEDULER_SCHEMA}.queue where name = ?`,
      [queue],
      'all',
    );
    if (!options.singletonKey || !known)
      throw new Error(`the job queue ${queue} does not exist: a migration creates it`);
  },
};

/** One queue's worker: `run` throws to have the job retried; `final` says no retry is left. */
export interface QueueWorker<T> {
  queue: string;
  run(data: T, attempt: { final: boolean }): Promise<void>;
  /**
   * Jobs fetched per poll (default 1) and worked `concurrency` at a time (default 1); a job that throws fails (and is
   * retried) alone. `pollSeconds`: the poll interval (default 1, pg-boss's least 0.5).
   */
  batch?: { size: number; concurrency: number; pollSeconds: number };
}

/** Works queues in this process (their jobs come from any instance), until stopped. */
export async function startQueueWorkers(
  connectionString: string,
  workers: QueueWorker<never>[],
  log: Logger,
): Promise<{ stop(): Promise<void>; wake(queue: string): void }> {
  const pgBoss = bossOnOwnPool(connectionString, 'crm-jobs', {
    schema: SCHEDULER_SCHEMA,
    migrate: false,
    supervise: false,
    schedule: false,
  });
  const { boss } = pgBoss;
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  const ids = new Map<string, string>();
  for (const w of workers) {
    const batch = w.batch ?? { size: 1, concurrency: 1, pollSeconds: 1 };
    const options = {
      includeMetadata: true,
      pollingIntervalSeconds: batch.pollSeconds,
      batchSize: batch.size,
    } as const;
    const id = await boss.work<never>(w.queue, options, async (jobs) => {
      const failed: unknown[] = [];
      for (let i = 0; i < jobs.length; i += batch.concurrency)
        await Promise.all(
          jobs.slice(i, i + batch.concurrency).map(async (job) => {
            try {
              await w.run(job.data, { final: job.retryCount >= job.retryLimit });
            } catch (err) {
              log.warn({ err, queue: w.queue, jobId: job.id, retry: job.retryCount }, 'job failed');
              // alone: pg-boss then completes only the jobs still active
              if (jobs.length > 1) await boss.fail(w.queue, job.id, { message: String(err) });
              failed.push(err);
            }
          }),
        );
      if (jobs.length === 1 && failed.length) throw failed[0];
    });
    ids.set(w.queue, id);
  }
  return {
    /** Resolves once the running jobs have finished and the connections have closed (src/jobs/boss-pool.ts). */
    stop: () => pgBoss.stop(),
    /** Polls the queue now (this process just put jobs on it), instead of at the next interval. */
    wake: (queue) => {
      const id = ids.get(queue);
      if (id) boss.notifyWorker(id);
    },
  };
}
