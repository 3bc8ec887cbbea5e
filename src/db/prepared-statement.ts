import type { EntityManager } from '@mikro-orm/postgresql';
import type { QueryConfig, QueryResultRow } from 'pg';
import { checkoutIsTransaction } from './access';

interface PooledClient {
  acquireConnection(): Promise<{ query<R extends QueryResultRow>(config: QueryConfig): Promise<{ rows: R[] }> }>;
  releaseConnection(connection: unknown): Promise<unknown>;
}

/**
 * Runs `sql` (knex's named bindings) as the prepared statement `name` on a connection of the pool, handed out as
 * every connection is (the caller's access and statement scope, src/db/access.ts): PostgreSQL keeps the statement
 * on that connection, and after five runs plans it once for every value instead of at each run
 * (`plan_cache_mode = auto`), unless a value-free plan would cost more. For a statement whose planning is a large
 * share of its time and whose best plan does not depend on the values (docs/decisions.md, "A prepared statement for
 * the search box"). The same name must always carry the same text. Behind a pooler in transaction mode
 * (DATABASE_POOLER=transaction) a prepared statement would stay on a server connection another client gets next:
 * there it runs as a plain statement.
 */
export async function executePrepared<R extends QueryResultRow>(
  em: EntityManager,
  name: string,
  sql: string,
  bindings: Record<string, unknown>,
): Promise<R[]> {
  const knex = em.getKnex();
  if (checkoutIsTransaction(knex)) return em.execute<R[]>(knex.raw(sql, bindings as never));
  const native = knex
    .raw(sql, bindings as never)
    .toSQL()
    .toNative();
  const client = knex.client as PooledClient;
  const connection = await client.acquireConnection();
  try {
    return (await connection.query<R>({ name, text: native.sql, values: native.bindings as unknown[] })).rows;
  } finally {
    await client.releaseConnection(connection);
  }
}
