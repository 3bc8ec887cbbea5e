import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../../lib/logger';
import type { ListenConnection, PrincipalCache } from './principal-cache';

/** Wait before opening the LISTEN connection again after losing it. */
const RECONNECT_MS = 1_000;

/**
 * Keeps `cache` attached to a LISTEN connection of its own (opened like the pool's, outside it): the cache is
 * used only while it is up; a lost connection is opened again after a second, and until then every request
 * reads its principal from the database. `close` ends it (the app's close).
 */
export function listenForPrincipalChanges<R>(
  orm: MikroORM,
  cache: PrincipalCache<R>,
  log: Logger,
): { ready: Promise<void>; close(): Promise<void> } {
  const client = orm.em.getConnection().getKnex().client as {
    acquireRawConnection(): Promise<ListenConnection>;
    destroyRawConnection(c: ListenConnection): Promise<void>;
  };
  let closed = false;
  let current: ListenConnection | undefined;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    if (closed) return;
    try {
      const connection = await client.acquireRawConnection();
      current = connection;
      if (closed) return void (await client.destroyRawConnection(connection).catch(() => undefined));
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
    if (current) void client.destroyRawConnection(current).catch(() => undefined);
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
      if (current) await client.destroyRawConnection(current).catch(() => undefined);
      current = undefined;
    },
  };
}
