import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The one PostgreSQL channel that carries live messages between instances (docs/events.md). A message is
 * published with `pg_notify` on the caller's connection: inside a transaction it is delivered at commit and
 * dropped on rollback, like the outbox row beside it. Every instance LISTENs on it and hands each message to
 * the subscribers of its organization and topic.
 */
export const LIVE_CHANNEL = 'crm_live';

/** One live message: who may see it (`organizationId`), what it is about (`topic`), and a small payload. */
export interface LiveMessage {
  organizationId: string;
  /** e.g. `job:<id>` for a background job's progress. */
  topic: string;
  data: Record<string, unknown>;
  /**
   * The message's row in `live_messages` (kept for Last-Event-ID; migration 20261214200000): numbers grow with
   * every message of any organization. Absent only on a message not sent through `crm_live_publish`.
   */
  seq?: number;
}

/** NOTIFY payloads are limited to 8000 bytes; a live message carries ids and counters, never records. */
export const LIVE_PAYLOAD_LIMIT = 7900;

/**
 * Publishes `message` on the live channel through `em`'s connection (its transaction, when it has one), kept in
 * `live_messages` like the tables' messages (`crm_live_publish`), under the caller's access: a tenant's code can
 * publish for its own organization only.
 */
export async function publishLive(em: EntityManager, message: LiveMessage): Promise<void> {
  const data = JSON.stringify(message.data);
  if (Buffer.byteLength(data) + message.topic.length + 100 > LIVE_PAYLOAD_LIMIT)
    throw new Error(`live message on ${message.topic} is larger than ${LIVE_PAYLOAD_LIMIT} bytes`);
  await em.execute('select crm_live_publish(?, ?, ?::jsonb)', [message.organizationId, message.topic, data]);
}
