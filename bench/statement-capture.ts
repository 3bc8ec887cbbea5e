import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Client } from 'pg';

/**
 * The statements the app's ORM sends while a request runs, exactly as PostgreSQL receives them (MikroORM inlines
 * the parameters: `platform.formatQuery`, then one raw query), so a benchmark can run the same statements bare.
 * Every ORM query goes through Connection.execute (test/support/statements.ts spies on it the same way).
 */
export function statementRecorder(orm: MikroORM) {
  const connection = orm.em.getConnection() as unknown as {
    execute: (query: unknown, params?: unknown[], ...rest: unknown[]) => Promise<unknown>;
  };
  const original = connection.execute.bind(connection);
  let sink: string[] | null = null;
  connection.execute = (query: unknown, params: unknown[] = [], ...rest: unknown[]) => {
    if (sink) {
      const q =
        typeof query === 'string'
          ? { sql: query, bindings: params }
          : (query as { toSQL(): { sql: string; bindings: unknown[] } }).toSQL();
      sink.push(orm.em.getPlatform().formatQuery(q.sql, (q.bindings ?? []) as unknown[]));
    }
    return original(query, params, ...rest);
  };
  return {
    async record<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
      sink = [];
      try {
        const result = await work();
        return { result, statements: sink };
      } finally {
        sink = null;
      }
    },
    restore: () => {
      connection.execute = original;
    },
  };
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * Runs recorded statements bare on a plain connection, in a transaction rolled back at the end: the rows a
 * write inserted (the first value of each row of an INSERT, its id) get fresh ids, so the same statements run
 * again after the original committed, and nothing stays. Reads alone run as they are, outside a transaction.
 */
export async function replayBare(client: Client, statements: string[]): Promise<void> {
  const fresh = new Map<string, string>();
  for (const s of statements)
    if (/^\s*insert/i.test(s))
      for (const m of s.matchAll(new RegExp(`(?:values\\s*\\(|\\),\\s*\\()'(${UUID})'`, 'gi')))
        fresh.set(m[1], randomUUID());
  const swap = (s: string) => (fresh.size ? s.replace(new RegExp(UUID, 'gi'), (id) => fresh.get(id) ?? id) : s);
  if (statements.every((s) => /^\s*(select|with)\b/i.test(s) && !/for update/i.test(s))) {
    for (const s of statements) await client.query(s); // reads: no transaction, as the app sends them
    return;
  }
  await client.query('begin');
  try {
    for (const s of statements) await client.query(swap(s));
  } finally {
    await client.query('rollback');
  }
}
