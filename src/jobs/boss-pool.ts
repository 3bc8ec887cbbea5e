import { Pool, type PoolClient } from 'pg';
import PgBoss from 'pg-boss';

/** pg-boss's settings but its connection (given here) and its pool (ours). */
export type BossOptions = Omit<PgBoss.ConstructorOptions, 'db' | 'connectionString' | 'max' | 'application_name'>;

export interface OwnPoolBoss {
  boss: PgBoss;
  /** pg-boss's graceful stop (running jobs finish, up to 10 s), then its pool, down to the last socket closed. */
  stop(): Promise<void>;
}

/**
 * A pg-boss instance on a pg pool of ours (its `db` option), so that a stop ends when the connections have closed.
 * pg-boss closes its own pool with pg's `pool.end()`, which resolves once each client has been told to end (its
 * Terminate written), not once the connection has closed (brianc/node-postgres issue 2328): the stop resolved with
 * the backends still there, and a database stopped right after (the embedded one, src/main.ts) terminated them,
 * the still open client reporting "terminating connection due to administrator command" as a pool error. Here the
 * stop waits for each client's `end` (its socket closed) after the pool has ended. The pool's errors go to the
 * boss's `error` listeners, as pg-boss's own pool's do.
 */
export function bossOnOwnPool(connectionString: string, applicationName: string, options: BossOptions): OwnPoolBoss {
  const pool = new Pool({ connectionString, max: 2, application_name: applicationName });
  // each connection open, and the promise of its socket closed (dropped then: the pool replaces idle clients)
  const open = new Map<PoolClient, Promise<void>>();
  pool.on('connect', (client: PoolClient) => {
    open.set(client, new Promise((resolve) => client.once('end', () => resolve(void open.delete(client)))));
  });
  const boss = new PgBoss({ ...options, db: { executeSql: (text, values) => pool.query(text, values) } });
  pool.on('error', (err) => boss.emit('error', err));
  return {
    boss,
    async stop() {
      try {
        await boss.stop({ graceful: true, timeout: 10_000 });
      } finally {
        await pool.end(); // after the queries still running (a worker's fetch); each client then told to end
        await Promise.all(open.values());
      }
    },
  };
}
