import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../lib/logger';
import { openDirectConnection, type DirectConnection } from './direct-connection';

/** A connection of this process's own for LISTEN, as far as its users need it (a `pg` client). */
export interface ListenConnection {
  query(sql: string): Promise<unknown>;
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): unknown;
  on(event: 'error' | 'end', listener: (error?: Error) => void): unknown;
}

/** Wait before opening the connection again after losing it. */
const RECONNECT_MS = 1_000;

/**
 * Keeps one LISTEN connection open, outside the pool (its LISTENs would otherwise go back to the pool with it; to
 * DIRECT_DATABASE_URL when set, src/db/direct-connection.ts): `attach(connection, lost)` sets it up (its LISTEN statements, its
 * notification handler) and calls `lost` when it goes away; it is then opened again after a second, until
 * `close`. Users: the principal cache (src/modules/accounts/auth/principal-listener.ts) and the live listener
 * (src/live/live-listener.ts).
 */
export function keepListening(
  orm: MikroORM,
  name: string,
  log: Logger,
  attach: (connection: ListenConnection, lost: (error?: Error) => void) => Promise<void>,
  onClose?: () => void,
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
      await attach(connection, (error) => {
        if (current !== connection) return;
        // info: it is opened again on its own (and a server whose database stops first loses it on the way out)
        log.info({ err: error?.message }, `${name}: LISTEN connection lost; opening it again`);
        retry();
      });
    } catch (e) {
      log.warn({ err: (e as Error).message }, `${name}: cannot LISTEN; trying again`);
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
      onClose?.();
      if (current) await end(current);
      current = undefined;
    },
  };
}
