import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../../lib/logger';
import { keepListening } from '../../../db/listen-connection';
import type { PrincipalCache } from './principal-cache';

/**
 * Keeps `cache` attached to a LISTEN connection of its own (src/db/listen-connection.ts): the cache is used only
 * while it is up; a lost connection is opened again after a second, and until then every request reads its
 * principal from the database. `close` ends it (the app's close).
 */
export function listenForPrincipalChanges<R>(
  orm: MikroORM,
  cache: PrincipalCache<R>,
  log: Logger,
): { ready: Promise<void>; close(): Promise<void> } {
  return keepListening(
    orm,
    'principal cache (reading principals from the database meanwhile)',
    log,
    (connection, lost) => cache.attach(connection, lost),
    () => cache.detach(),
  );
}
