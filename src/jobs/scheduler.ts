import PgBoss from 'pg-boss';
import type { Logger } from '../lib/logger';
import { bossOnOwnPool, type OwnPoolBoss } from './boss-pool';

/** Work that must run on a schedule once per cluster, whatever the number of server processes. */
export interface ScheduledTask {
  /** Queue name: letters, digits, dashes. */
  name: string;
  /** Cron expression, UTC (minute resolution). */
  cron: string;
  run(): Promise<unknown>;
}

/** pg-boss's schema; installed by the committed migration Migration20261123040000_scheduler, never at run time. */
export const SCHEDULER_SCHEMA = 'pgboss';

/**
 * Scheduled work through pg-boss (docs/decisions.md, "Scheduled work"): every process registers the same
 * schedules (pg-boss keeps one row per name) and works the queues; each cron tick becomes one job, and a
 * `singleton` queue lets one process run it at a time, with retries and backoff. The job state lives in
 * PostgreSQL, so N instances behave as one.
 */
export class Scheduler {
  private constructor(private readonly pgBoss: OwnPoolBoss) {}

  static async start(connectionString: string, tasks: ScheduledTask[], log: Logger): Promise<Scheduler> {
    const pgBoss = bossOnOwnPool(connectionString, 'crm-scheduler', { schema: SCHEDULER_SCHEMA, migrate: false });
    const { boss } = pgBoss;
    boss.on('error', (err) => log.error({ err }, 'scheduler error'));
    await boss.start();
    for (const task of tasks) {
      await createQueueOnce(boss, task.name);
      await boss.schedule(task.name, task.cron, {}, { tz: 'UTC' });
      await boss.work(task.name, async () => {
        const result = await task.run();
        log.info({ task: task.name, result }, 'scheduled task done');
      });
    }
    return new Scheduler(pgBoss);
  }

  /** Queues a run now (tests, operators): the same queue, so it never overlaps a scheduled run. */
  async runNow(name: string): Promise<string | null> {
    return this.pgBoss.boss.send(name, {});
  }

  /** Resolves once its jobs have finished and its connections have closed (src/jobs/boss-pool.ts). */
  async stop(): Promise<void> {
    await this.pgBoss.stop();
  }
}

/**
 * Creates a task's queue unless it exists. pg-boss looks before it inserts, so instances starting at once (a rolling
 * deploy, test/scale-instances.spec.ts) can both find none: the second insert's unique violation means "made already".
 * Two such inserts can also deadlock (each creates the queue's partition and its index entry); PostgreSQL rolls the
 * victim back, and its next attempt finds the winner's queue.
 */
async function createQueueOnce(boss: PgBoss, name: string, attempts = 5): Promise<void> {
  try {
    await boss.createQueue(name, {
      name,
      policy: 'singleton',
      retryLimit: 2,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: 15 * 60,
    });
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === '23505') return;
    if (code !== '40P01' || attempts <= 1) throw e;
    await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
    await createQueueOnce(boss, name, attempts - 1);
  }
}
