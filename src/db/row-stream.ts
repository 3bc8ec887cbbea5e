import type { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ClientBase } from 'pg';
import pg from 'pg';
import QueryStream from 'pg-query-stream';
import { copyOut } from './copy-out';
import type { Statement } from './read-path';
import { checkoutIsTransaction } from './access';

export interface RowStreamOptions {
  /** Rows fetched from the cursor per round trip (and held by the stream's buffer at most). */
  batchSize: number;
  /** The cursor's statement_timeout for this transaction (a stream lives longer than DB_STATEMENT_TIMEOUT_MS). */
  timeoutMs: number;
}

/**
 * Runs `read` on a connection in a read-only REPEATABLE READ transaction (one snapshot of the rows) that the pool
 * hands out like any other (src/db/access.ts): with the role, the organization and the platform switch of the
 * caller's access, so row-level security sees only the caller's organization, and counted in the caller's statement
 * scope (a request's deadline cancels it). `read` answers a stream and what consumes it; when the consumer ends,
 * however it ends (done, failed, or its reader gone), the stream is destroyed (the cursor or the COPY stopped), the
 * transaction ends and the connection goes back to the pool.
 */
async function inReadTransaction<R>(
  em: EntityManager,
  timeoutMs: number,
  read: (db: ClientBase) => { stream: Readable; consumed: () => Promise<R> },
): Promise<R> {
  const knex = em.getKnex();
  return knex.transaction(
    async (trx) => {
      const db = (await trx.client.acquireConnection()) as ClientBase;
      await db.query(`select set_config('statement_timeout', $1, true)`, [String(Math.floor(timeoutMs))]);
      const { stream, consumed } = read(db);
      try {
        return await consumed();
      } finally {
        stream.destroy();
      }
    },
    // behind a transaction pooler the checkout is the transaction (READ COMMITTED, begun with the caller's access):
    // the cursor is then one statement's snapshot, and the rows the export reads again per batch may be newer
    checkoutIsTransaction(knex) ? {} : { isolationLevel: 'repeatable read', readOnly: true },
  );
}

/** knex's statement in the server's own form: `$1`-style placeholders and their values. */
function nativeOf(em: EntityManager, statement: Statement): { sql: string; bindings: unknown[] } {
  const native = em
    .getKnex()
    .raw(statement.sql, statement.bindings as never)
    .toSQL()
    .toNative();
  return { sql: native.sql, bindings: native.bindings as unknown[] };
}

/**
 * Reads the rows of `statement` with a server-side cursor (pg-query-stream) and hands the stream of raw rows to
 * `consume`, which reads it at its own pace: only `batchSize` rows are fetched at a time, and a consumer that stops
 * reading stops the fetching (see `inReadTransaction` for the transaction it runs in).
 */
export async function streamRows<R>(
  em: EntityManager,
  statement: Statement,
  options: RowStreamOptions,
  consume: (rows: Readable) => Promise<R>,
): Promise<R> {
  const native = nativeOf(em, statement);
  return inReadTransaction(em, options.timeoutMs, (db) => {
    const stream = db.query(new QueryStream(native.sql, native.bindings, { batchSize: options.batchSize }));
    return { stream, consumed: () => consume(stream) };
  });
}

/** node-postgres's own conversion of a parameter to its text (present at run time, not in its types). */
interface PgUtils {
  utils: { prepareValue(value: unknown): unknown };
}

/**
 * A statement with its values written into its text, for COPY, which takes no parameters: each value as node-postgres
 * would send it as a parameter (`prepareValue`: its text form), written as a quoted literal (`escapeLiteral`), which
 * the server types from its context as it types a parameter. undefined when a value has no text form of that kind
 * (a Buffer: binary parameters are not inlined).
 */
export function inlineValues(em: EntityManager, statement: Statement): string | undefined {
  const knex = em.getKnex();
  const literals = [];
  for (const value of statement.bindings) {
    const text = (pg as unknown as PgUtils).utils.prepareValue(value);
    if (text !== null && typeof text !== 'string') return undefined;
    literals.push(knex.raw(text === null ? 'null' : pg.escapeLiteral(text)));
  }
  // knex puts each literal at its `?` (its own placeholder parsing: a `\\?` stays a question mark)
  return knex.raw(statement.sql, literals).toQuery();
}

/**
 * Runs `COPY (<query>) TO STDOUT` (pg-copy-streams, framing stripped in place: src/db/copy-out.ts) in the same kind of transaction as `streamRows` and hands the
 * stream of its bytes to `consume`: the server writes the rows, and a consumer that stops reading stops the copy.
 */
export async function streamCopy<R>(
  em: EntityManager,
  copy: string,
  timeoutMs: number,
  consume: (bytes: Readable) => Promise<R>,
): Promise<R> {
  return inReadTransaction(em, timeoutMs, (db) => {
    const stream = db.query(copyOut(copy));
    return { stream, consumed: () => consume(stream) };
  });
}
