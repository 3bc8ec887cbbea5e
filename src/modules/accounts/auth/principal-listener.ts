import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../../lib/logger';
import type { ListenConnection, PrincipalCache } from './principal-cache';
import { openDirectConnection, type DirectConnection } from '../../../db/direct-connection';

/** Wait before opening the LISTEN connection again after losing it. */
const RECONNECT_MS = 1_000;

/**
 * Keeps `cache` attached to a LISTEN connection of its own (outside the pool; to DIRECT_DATABASE_URL when set,
 * src/db/direct-connection.ts): the cache is
 * used only while it is up; a lost connection is opened again after a second, and until then every request
 * reads its principal from the database. `close` ends it (the app's close).
 */
export function listenForPrincipalChanges<R>(
  orm: MikroORM,
  cache: PrincipalCache<R>,
  log: Logger,
): { ready: Promise<void>; close(): Promise<void> } {
  const end = (connection: ListenConnection) => (connection as DirectConnection).end().catch(() => undefined);
  let closed = false;
  let current: ListenConnection | undefined;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    if (closed) return;
    try {
      const connection: ListenConnection = await openDirectConnection(orm);
      current = connection;
      if (closed) return void (await end(connection));
      await cache.attach(connection, (error) => {
        log.warn(
          { err: error?.message },
          'principal cache: LISTEN connection lost; reading principals from the database',
        );
        retry();
      });
    } catch (e) {
      log.warn({ err: (e as Error).message }, 'principal cache: cannot LISTEN; reading principals from the database');
      retry();
    }
  };
  const retry = () => {
    if (closed) return;
    if (current) void end(current);
    current = undefined;
    timer = setTimeout(() => void connect(), RECONNECT_MS);
    timer.unref();
  };

  return {
    ready: connect(),
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      cache.detach();
      if (current) await end(current);
      current = undefined;
    },
  };
}
