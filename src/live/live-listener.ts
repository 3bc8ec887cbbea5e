import type { MikroORM } from '@mikro-orm/postgresql';
import { keepListening } from '../db/listen-connection';
import { COUNTS_CHANNEL, forgetCounts } from '../db/read-path';
import type { Logger } from '../lib/logger';
import type { LiveHub } from './live-hub';
import { LIVE_CHANNEL, type LiveMessage } from './publish';

/** The channel of session and user changes (migration 20261126000000; the principal cache hears it too). */
export const PRINCIPAL_CHANNEL = 'crm_principal';

/** The topic of an API key's change on the live channel (migration 20261211100000): an access change, not an event. */
export const ACCESS_TOPIC = 'access';

function parse(payload: string | undefined): LiveMessage | undefined {
  try {
    const message = JSON.parse(payload ?? '') as Partial<LiveMessage>;
    if (typeof message.organizationId === 'string' && typeof message.topic === 'string')
      return {
        organizationId: message.organizationId,
        topic: message.topic,
        data: message.data ?? {},
        ...(typeof message.seq === 'number' ? { seq: message.seq } : {}),
      };
  } catch {
    // not a live message: ignored
  }
  return undefined;
}

/**
 * This process's ears on the live channel (docs/events.md, "How events travel"): a LISTEN connection of its own
 * (src/db/listen-connection.ts) on `crm_live` and `crm_principal` hands what it hears to `hub`, and on `crm_counts`
 * forgets the list totals of the organizations another instance's transaction wrote to. When a lost
 * connection is back, every subscriber's access is checked again (`*`): a change may have been missed meanwhile.
 */
export function listenLive(orm: MikroORM, hub: LiveHub, log: Logger): { ready: Promise<void>; close(): Promise<void> } {
  const heard = (m: { channel: string; payload?: string }) => {
    if (m.channel === PRINCIPAL_CHANNEL) return hub.accessChanged(m.payload ?? '*');
    if (m.channel === COUNTS_CHANNEL) return m.payload && forgetCounts(m.payload);
    const message = m.channel === LIVE_CHANNEL ? parse(m.payload) : undefined;
    if (!message) return;
    if (message.topic === ACCESS_TOPIC) hub.accessChanged(`k:${String(message.data.apiKeyId)}`);
    else hub.dispatch(message);
  };
  let attached = 0;
  return keepListening(orm, 'live', log, async (connection, lost) => {
    connection.on('notification', heard);
    connection.on('error', lost);
    connection.on('end', lost);
    await connection.query(`listen ${LIVE_CHANNEL}; listen ${PRINCIPAL_CHANNEL}; listen ${COUNTS_CHANNEL}`);
    if (attached++ > 0) hub.accessChanged('*');
  });
}
