import type { EntityManager } from '@mikro-orm/postgresql';
import { deleteInBatches } from '../db/prune';

/**
 * Outbox events older than `before` whose deliveries are all finished (delivered or given up); their
 * deliveries and attempts go with them (foreign keys cascade). Events not yet fanned out and pending
 * deliveries are never pruned.
 */
export function pruneFinishedEvents(em: EntityManager, before: Date, batchSize: number): Promise<number> {
  return deleteInBatches(
    em,
    'outbox_events',
    `created_at < ? and fanned_out_at is not null and not exists (select 1 from webhook_deliveries d where d.event_id = outbox_events.id and d.status = 'pending')`,
    [before],
    batchSize,
  );
}
