import PgBoss from 'pg-boss';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../lib/logger';
import { SCHEDULER_SCHEMA } from './scheduler';

/**
 * Work done once, later, with retries (docs/decisions.md, "A recorded call is two steps"): pg-boss queues
 * created by committed migrations (each with its retry policy), a job put on one by the same transaction that
 * writes the record it is about, so a rolled-back write leaves no job and a committed one always has its job.
 */
export interface JobSender {
  send(tx: EntityManager, queue: string, data: object): Promise<void>;
}

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
  async send(tx, queue, data) {
    const db = {
      executeSql: async (text: string, values: unknown[]) => {
        const { sql, params } = positional(text, values);
        return { rows: (await tx.execute(sql, params as never[], 'all')) as unknown[] };
      },
    };
    const id = await builder.send(queue, data, { db });
    if (!id) throw new Error(`the job queue ${queue} does not exist: a migration creates it`);
  },
};

/** One queue's worker: `run` throws to have the job retried; `final` says no retry is left. */
export interface QueueWorker<T> {
  queue: string;
  run(data: T, attempt: { final: boolean }): Promise<void>;
}

/** Works queues in this process (their jobs come from any instance), until stopped. */
export async function startQueueWorkers(
  connectionString: string,
  workers: QueueWorker<never>[],
  log: Logger,
): Promise<{ stop(): Promise<void> }> {
  const boss = new PgBoss({
    connectionString,
    schema: SCHEDULER_SCHEMA,
    migrate: false,
    supervise: false,
    schedule: false,
    max: 2,
    application_name: 'crm-jobs',
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  for (const w of workers) {
    await boss.work<never>(w.queue, { includeMetadata: true, pollingIntervalSeconds: 1 }, async ([job]) => {
      try {
        await w.run(job.data, { final: job.retryCount >= job.retryLimit });
      } catch (err) {
        log.warn({ err, queue: w.queue, jobId: job.id, retry: job.retryCount }, 'job failed');
        throw err;
      }
    });
  }
  return { stop: () => boss.stop({ graceful: true, timeout: 10_000 }) };
}
