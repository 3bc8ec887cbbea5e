import type { MikroORM } from '@mikro-orm/postgresql';
import { gauge } from './metrics';

/** tarn's pool, as knex exposes it. */
interface Pool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  numPendingCreates(): number;
  max: number;
}

let source: MikroORM | undefined;

/** The database the gauges read at scrape time: set by /metrics before it collects. */
export function watchDatabase(orm: MikroORM): void {
  source = orm;
}

gauge(
  'crm_db_pool_connections',
  "Connections of this process's database pool: used, free, waiting to be acquired, being created, max",
  ['state'],
  (g) => {
    const pool = (source?.em.getConnection().getKnex().client as { pool?: Pool } | undefined)?.pool;
    if (!pool) return;
    g.set({ state: 'used' }, pool.numUsed());
    g.set({ state: 'free' }, pool.numFree());
    g.set({ state: 'pending_acquire' }, pool.numPendingAcquires());
    g.set({ state: 'pending_create' }, pool.numPendingCreates());
    g.set({ state: 'max' }, pool.max);
  },
);

/**
 * Queue depths are read from PostgreSQL, where the queues live: the same figures from every instance, and
 * they include the work of separate `npm run worker` processes (aggregate with max(), not sum()).
 */
gauge(
  'crm_outbox_events_pending',
  'Outbox events not yet fanned out to webhook deliveries (all instances)',
  [],
  async (g) => {
    if (!source) return;
    const [row] = await source.em.execute<{ n: number }[]>(
      'select cast(count(*) as int) as n from outbox_events where fanned_out_at is null',
    );
    g.set(row.n);
  },
);

gauge(
  'crm_webhook_deliveries',
  'Webhook deliveries by status (pending: due or waiting for a retry; all instances)',
  ['status'],
  async (g) => {
    if (!source) return;
    const rows = await source.em.execute<{ status: string; n: number }[]>(
      `select s.status, cast(count(d.id) as int) as n from (values ('pending'), ('delivered'), ('failed')) s(status) left join webhook_deliveries d on d.status = s.status group by s.status`,
    );
    for (const r of rows) g.set({ status: r.status }, r.n);
  },
);

gauge(
  'crm_webhook_deliveries_due',
  'Pending webhook deliveries whose next attempt is due now (the backlog; all instances)',
  [],
  async (g) => {
    if (!source) return;
    const [row] = await source.em.execute<{ n: number }[]>(
      `select cast(count(*) as int) as n from webhook_deliveries where status = 'pending' and next_attempt_at <= now()`,
    );
    g.set(row.n);
  },
);
