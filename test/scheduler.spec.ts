/**
 * Scheduled work (src/jobs/scheduler.ts) runs once per cluster, and retention prunes only what is finished
 * and old, in batches (src/db/prune.ts, src/events/retention.ts, the modules' schedules).
 */
import { randomUUID } from 'node:crypto';
import { scheduledTasks } from '../src/composition';
import { deleteInBatches } from '../src/db/prune';
import { pruneFinishedEvents } from '../src/events/retention';
import { pruneRateLimits } from '../src/http/rate-limit';
import { startQueueWorkers } from '../src/jobs/job-queue';
import { Scheduler } from '../src/jobs/scheduler';
import { daysAgo } from '../src/lib/clock';
import { createLogger } from '../src/lib/logger';
import { WORKFLOW_QUEUE } from '../src/modules/workflows/dispatch.sql';
import { createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;
let org: Registered;
beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Retention');
});
afterAll(() => t.close());

const em = () => t.orm.em.fork();
const count = async (sql: string, params: unknown[] = []) => Number((await t.sql<{ n: string }>(sql, params))[0].n);

async function eventWithDelivery(
  createdAt: Date,
  fannedOut: boolean,
  deliveryStatus?: 'pending' | 'delivered' | 'failed',
): Promise<string> {
  const id = randomUUID();
  await t.sql(
    `insert into outbox_events (id, organization_id, event, payload, created_at, fanned_out_at) values ($1, $2, 'lead.created', '{}', $3, $4)`,
    [id, org.organizationId, createdAt, fannedOut ? createdAt : null],
  );
  if (deliveryStatus) {
    const [sub] = await t.sql<{ id: string }>(
      `select id from webhook_subscriptions where organization_id = $1 limit 1`,
      [org.organizationId],
    );
    await t.sql(
      `insert into webhook_deliveries (id, organization_id, event_id, subscription_id, kind, status, attempts, next_attempt_at, retry_started_at, created_at, updated_at)
       values ($1, $2, $3, $4, 'lead.created', $5, 1, now(), now(), now(), now())`,
      [randomUUID(), org.organizationId, id, sub.id, deliveryStatus],
    );
  }
  return id;
}

describe('retention', () => {
  it('prunes old events whose deliveries are all finished, never pending or not yet fanned-out ones', async () => {
    const created = await org.agent.post('/api/settings/webhooks').send({ url: 'https://93.184.216.34/hook' });
    expect(created.status).toBe(201);
    const old = daysAgo(40);
    const done = await eventWithDelivery(old, true, 'delivered');
    const failed = await eventWithDelivery(old, true, 'failed');
    const pending = await eventWithDelivery(old, true, 'pending');
    const unfanned = await eventWithDelivery(old, false);
    const recent = await eventWithDelivery(daysAgo(1), true, 'delivered');
    const pruned = await pruneFinishedEvents(em(), daysAgo(30), 1);
    expect(pruned).toBe(2);
    const left = (
      await t.sql<{ id: string }>(`select id from outbox_events where id in ($1, $2, $3, $4, $5)`, [
        done,
        failed,
        pending,
        unfanned,
        recent,
      ])
    ).map((r) => r.id);
    expect(left.sort()).toEqual([pending, unfanned, recent].sort());
    expect(await count(`select count(*) as n from webhook_deliveries where event_id in ($1, $2)`, [done, failed])).toBe(
      0,
    );
  });

  it('deletes in batches until nothing old is left, and nothing new', async () => {
    for (let i = 0; i < 5; i++) {
      await t.sql(
        `insert into mail_outbox (id, created_at, recipient, subject, text, kind) values ($1, $2, 'a@example.test', 's', 't', 'test')`,
        [randomUUID(), daysAgo(60)],
      );
    }
    await t.sql(
      `insert into mail_outbox (id, created_at, recipient, subject, text, kind) values ($1, now(), 'new@example.test', 's', 't', 'test')`,
      [randomUUID()],
    );
    expect(await deleteInBatches(em(), 'mail_outbox', 'created_at < ?', [daysAgo(30)], 2)).toBe(5);
    expect(await count(`select count(*) as n from mail_outbox where recipient = 'new@example.test'`)).toBe(1);
  });

  it('prunes ended rate-limit windows, which have no id column', async () => {
    await t.sql(
      `insert into rate_limit_counters (key, window_start, count) values ('old-window', now() - interval '1 hour', 3), ('this-window', now(), 1)`,
    );
    expect(await pruneRateLimits(em(), 60, 100)).toBeGreaterThanOrEqual(1);
    expect(await count(`select count(*) as n from rate_limit_counters where key = 'old-window'`)).toBe(0);
    expect(await count(`select count(*) as n from rate_limit_counters where key = 'this-window'`)).toBe(1);
  });

  it('prunes old audit entries through the accounts module', async () => {
    await t.sql(
      `insert into audit_entries (id, created_at, actor_user_id, actor_email, action, status) values ($1, $2, $3, 'x@example.test', 'old', 200), ($4, now(), $5, 'x@example.test', 'new', 200)`,
      [randomUUID(), daysAgo(400), org.userId, randomUUID(), org.userId],
    );
    expect(await t.deps.services.audit.prune(em(), daysAgo(365), 10)).toBe(1);
    expect(await count(`select count(*) as n from audit_entries where action = 'new'`)).toBe(1);
  });
});

describe('the scheduler', () => {
  it('lists every schedule with a valid cron, the modules\u2019 and the housekeeping', () => {
    const names = scheduledTasks(t.deps).map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'rate-limit-prune',
        'event-retention',
        'mail-retention',
        'idempotency-retention',
        'session-purge',
        'audit-retention',
        'stage-drift',
      ]),
    );
    expect(new Set(names).size).toBe(names.length);
  });

  it('two instances register one schedule and run a queued job once', async () => {
    const runs: string[] = [];
    const task = (who: string) => ({ name: 'test-once', cron: '0 0 1 1 *', run: async () => void runs.push(who) });
    const url = t.orm.config.getClientUrl();
    const log = createLogger('silent');
    const a = await Scheduler.start(url, [task('a')], log);
    const b = await Scheduler.start(url, [task('b')], log);
    try {
      expect(await count(`select count(*) as n from pgboss.schedule where name = 'test-once'`)).toBe(1);
      await a.runNow('test-once');
      for (let i = 0; i < 40 && runs.length === 0; i++) await new Promise((r) => setTimeout(r, 250));
      await new Promise((r) => setTimeout(r, 2500)); // both workers have polled again by now
      expect(runs).toHaveLength(1);
    } finally {
      await a.stop();
      await b.stop();
    }
  }, 30_000);
});

/**
 * pg-boss's stop resolved when its pool had ended, and pg's pool.end() resolves once its idle clients have been told
 * to end (their Terminate written), before their sockets close: a database stopped right after (the embedded one,
 * src/main.ts) terminated those backends, and a client still open logged "terminating connection due to
 * administrator command". A stop resolves only when no socket of its own is left in this process.
 */
describe('stopping', () => {
  const sockets = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPSocketWrap').length;
  const open = (app: string) =>
    count(`select count(*) as n from pg_stat_activity where datname = current_database() and application_name = $1`, [
      app,
    ]);
  // idle connections (after the start's queries and the first polls): those pool.end() did not wait for
  const settled = () => new Promise((resolve) => setTimeout(resolve, 300));
  const idle = { name: 'test-stop', cron: '0 0 1 1 *', run: async () => undefined };

  it.each([
    {
      title: 'the scheduler resolves its stop with its connections closed',
      application: 'crm-scheduler',
      start: () => Scheduler.start(t.orm.config.getClientUrl(), [idle], createLogger('silent')),
    },
    {
      title: 'the queue workers resolve their stop with their connections closed',
      application: 'crm-jobs',
      start: () =>
        startQueueWorkers(
          t.orm.config.getClientUrl(),
          [{ queue: WORKFLOW_QUEUE, run: async () => undefined }], // a queue of the migrations, empty here
          createLogger('silent'),
        ),
    },
  ])(
    '$title',
    async ({ application, start }) => {
      for (let round = 0; round < 3; round++) {
        expect(await open(application)).toBe(0); // and the test's own pool connected
        const before = sockets();
        const started = await start();
        expect(await open(application)).toBeGreaterThan(0);
        await settled();
        await started.stop();
        expect(sockets()).toBeLessThanOrEqual(before);
        expect(await open(application)).toBe(0);
      }
    },
    60_000,
  );
});
