import type { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ClientBase } from 'pg';
import QueryStream from 'pg-query-stream';
import type { Statement } from './read-path';
import { checkoutIsTransaction } from './access';

export interface RowStreamOptions {
  /** Rows fetched from the cursor per round trip (and held by the stream's buffer at most). */
  batchSize: number;
  /** The cursor's statement_timeout for this transaction (a stream lives longer than DB_STATEMENT_TIMEOUT_MS). */
  timeoutMs: number;
}

/**
 * Reads the rows of `statement` with a server-side cursor (pg-query-stream) and hands the stream of raw rows to
 * `consume`, which reads it at its own pace: only `batchSize` rows are fetched at a time, and a consumer that stops
 * reading stops the fetching. The cursor runs in a read-only REPEATABLE READ transaction (one snapshot of the rows)
 * on a connection the pool hands out like any other (src/db/access.ts): with the role, the organization and the
 * platform switch of the caller's access, so row-level security sees only the caller's organization, and counted in
 * the caller's statement scope (a request's deadline cancels it). When `consume` ends, however it ends (done, failed,
 * or its reader gone), the stream is destroyed (the cursor closed), the transaction ends and the connection goes back
 * to the pool.
 */
export async function streamRows<R>(
  em: EntityManager,
  statement: Statement,
  options: RowStreamOptions,
  consume: (rows: Readable) => Promise<R>,
): Promise<R> {
  const knex = em.getKnex();
  const native = knex
    .raw(statement.sql, statement.bindings as never)
    .toSQL()
    .toNative();
  return knex.transaction(
    async (trx) => {
      const db = (await trx.client.acquireConnection()) as ClientBase;
      await db.query(`select set_config('statement_timeout', $1, true)`, [String(Math.floor(options.timeoutMs))]);
      const rows = db.query(
        new QueryStream(native.sql, native.bindings as unknown[], { batchSize: options.batchSize }),
      );
      try {
        return await consume(rows);
      } finally {
        rows.destroy();
      }
    },
    // behind a transaction pooler the checkout is the transaction (READ COMMITTED, begun with the caller's access):
    // the cursor is then one statement's snapshot, and the rows the export reads again per batch may be newer
    checkoutIsTransaction(knex) ? {} : { isolationLevel: 'repeatable read', readOnly: true },
  );
}
