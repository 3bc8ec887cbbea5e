import { randomUUID } from 'node:crypto';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Ref, ref } from '@mikro-orm/core';
import { clock } from '../lib/clock';
import type { Organization } from '../modules/organizations/organization.entity';
import type { EventEnvelope } from './event-kinds';

/**
 * Transactional outbox: one row per domain event, written in the same transaction as the change that
 * caused it, so a committed change always has its event and a rolled-back one never does.
 */
@Entity({ tableName: 'outbox_events' })
@Index({ properties: ['organization', 'createdAt'] })
export class OutboxEvent {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne({ entity: 'Organization', ref: true, deleteRule: 'cascade' })
  organization: Ref<Organization>;

  @Property({ length: 64 })
  event: string;

  /** The full envelope as sent: `{event, timestamp, organizationId, data}`. */
  @Property({ type: 'jsonb' })
  payload: EventEnvelope;

  @Property({ type: 'timestamptz' })
  createdAt: Date;

  constructor(organization: Organization | Ref<Organization>, payload: EventEnvelope) {
    this.organization = ref(organization as Organization);
    this.event = payload.event;
    this.payload = payload;
    this.createdAt = clock.now();
  }
}
