import { Client } from 'pg';
import type { MikroORM } from '@mikro-orm/postgresql';

/**
 * A connection straight to PostgreSQL, beside the pool: for LISTEN (the principal cache, and any other channel a
 * process listens on), which needs one session for its whole life. Behind a pooler in transaction mode the pool's
 * URL reaches a different server connection at each transaction and a LISTEN there hears nothing, so
 * DIRECT_DATABASE_URL names the database itself (docs/deploy.md, "Behind PgBouncer"); without it the pool's
 * settings are used.
 */
export interface DirectConnection {
  query(text: string): Promise<unknown>;
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): unknown;
  on(event: 'error' | 'end', listener: (error?: Error) => void): unknown;
  end(): Promise<void>;
}

const directUrls = new WeakMap<MikroORM, string>();

export function rememberDirectUrl(orm: MikroORM, url: string): void {
  directUrls.set(orm, url);
}

/** Where LISTEN goes: DIRECT_DATABASE_URL when set, else the pool's URL. */
export function directUrlOf(orm: MikroORM): string | undefined {
  return directUrls.get(orm);
}

/** Opens a connection for LISTEN: to the direct URL when there is one, else as the pool opens its own. */
export async function openDirectConnection(orm: MikroORM): Promise<DirectConnection> {
  const url = directUrls.get(orm);
  if (!url) {
    const knex = orm.em.getConnection().getKnex().client as { acquireRawConnection(): Promise<DirectConnection> };
    return knex.acquireRawConnection();
  }
  const client = new Client({ connectionString: url });
  await client.connect();
  return client;
}
