import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../lib/logger';
import type { LiveHub } from './live-hub';
import { LIVE_CHANNEL, type LiveMessage } from './publish';

/** The channel of session and user changes (migration 20261126000000; the principal cache hears it too). */
export const PRINCIPAL_CHANNEL = 'crm_principal';

/** The topic of an API key's change on the live channel (migration 20261211100000): an access change, not an event. */
export const ACCESS_TOPIC = 'access';

const RETRY_MS = 1_000;

interface RawConnection {
  query(sql: string): Promise<unknown>;
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): unknown;
  on(event: 'error' | 'end', listener: (error?: Error) => void): unknown;
}

function parse(payload: string | undefined): LiveMessage | undefined {
  try {
    const message = JSON.parse(payload ?? '') as Partial<LiveMessage>;
    if (typeof message.organizationId === 'string' && typeof message.topic === 'string')
      return { organizationId: message.organizationId, topic: message.topic, data: message.data ?? {} };
  } catch {
    // not a live message: ignored
  }
  return undefined;
}

/**
 * This process's ears on the live channel (docs/events.md, "Live events"): one connection of its own (opened like
 * the pool's, outside it) LISTENs on `crm_live` and `crm_principal` and hands what it hears to `hub`. A lost
 * connection is opened again after a second; when it is back, every subscriber's access is checked again
 * (`*`), since a change may have been missed meanwhile.
 */
export function listenLive(orm: MikroORM, hub: LiveHub, log: Logger): { ready: Promise<void>; close(): Promise<void> } {
  const client = orm.em.getConnection().getKnex().client as {
    acquireRawConnection(): Promise<RawConnection>;
    destroyRawConnection(c: RawConnection): Promise<void>;
  };
  let closed = false;
  let connection: RawConnection | undefined;
  let timer: NodeJS.Timeout | undefined;
  let lostOnce = false;

  const heard = (m: { channel: string; payload?: string }) => {
    if (m.channel === PRINCIPAL_CHANNEL) return hub.accessChanged(m.payload ?? '*');
    const message = m.channel === LIVE_CHANNEL ? parse(m.payload) : undefined;
    if (!message) return;
    if (message.topic === ACCESS_TOPIC) hub.accessChanged(`k:${String(message.data.apiKeyId)}`);
    else hub.dispatch(message);
  };
  const lost = (from: RawConnection, error?: Error) => {
    if (connection !== from || closed) return;
    connection = undefined;
    lostOnce = true;
    log.warn({ err: error?.message }, 'live: LISTEN connection lost; opening it again');
    void client.destroyRawConnection(from).catch(() => undefined);
    timer = setTimeout(() => void connect(), RETRY_MS);
    timer.unref();
  };
  const connect = async (): Promise<void> => {
    if (closed) return;
    let opened: RawConnection | undefined;
    try {
      opened = await client.acquireRawConnection();
      connection = opened;
      const self = opened;
      opened.on('notification', heard);
      opened.on('error', (e) => lost(self, e));
      opened.on('end', (e) => lost(self, e));
      await opened.query(`listen ${LIVE_CHANNEL}; listen ${PRINCIPAL_CHANNEL}`);
      if (closed) await client.destroyRawConnection(opened).catch(() => undefined);
      else if (lostOnce) hub.accessChanged('*');
    } catch (e) {
      if (opened) lost(opened, e as Error);
      else if (!closed) {
        log.warn({ err: (e as Error).message }, 'live: cannot LISTEN; trying again');
        timer = setTimeout(() => void connect(), RETRY_MS);
        timer.unref();
      }
    }
  };
  return {
    ready: connect(),
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = connection;
      connection = undefined;
      if (current) await client.destroyRawConnection(current).catch(() => undefined);
    },
  };
}
