import type { EntityManager } from '@mikro-orm/postgresql';
import { clock } from '../lib/clock';
import type { TenantRoot } from '../db/tenant-root';
import { TENANT_ENTITY } from '../db/tenant-root';
import type { EventKind } from './event-kinds';
import { OutboxEvent } from './outbox-event.entity';

/**
 * What domain code calls to publish an event. Call it with the EntityManager of the transaction that
 * makes the change: the outbox row is flushed with that transaction (commit: delivered; rollback: gone).
 */
export class EventEmitter {
  /** `kinds`: every kind the modules declare (their definitions' `events`); another is a bug and throws. */
  constructor(readonly kinds: readonly string[]) {}

  emit(em: EntityManager, organizationId: string, event: EventKind, data: Record<string, unknown>): OutboxEvent {
    if (!this.kinds.includes(event))
      throw new Error(`event kind ${event} is not declared by any module (its definition's \`events\`)`);
    const row = new OutboxEvent(em.getReference<TenantRoot>(TENANT_ENTITY, organizationId), {
      event,
      timestamp: clock.now().toISOString(),
      organizationId,
      data,
    });
    em.persist(row);
    return row;
  }
}
