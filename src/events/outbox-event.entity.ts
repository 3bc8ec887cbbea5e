import { newId } from '../lib/ids';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Ref, ref } from '@mikro-orm/core';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, ObjectType } from 'type-graphql';
import { clock } from '../lib/clock';
import type { TenantRoot } from '../db/tenant-root';
import { TENANT_ENTITY } from '../db/tenant-root';
import type { EventEnvelope } from './event-kinds';

/**
 * Transactional outbox: one row per domain event, written in the same transaction as the change that
 * caused it, so a committed change always has its event and a rolled-back one never does. The delivery
 * worker fans each committed row out to the matching subscriptions (webhook_deliveries) and stamps
 * fannedOutAt; the row stays as the event log.
 */
@ObjectType('WebhookEvent', { description: 'An event as sent to webhook receivers' })
@Entity({ tableName: 'outbox_events' })
@Index({ properties: ['organization', 'createdAt'] })
// The workflow dispatcher's queue: events not yet dispatched (Migration20261201100000_workflows).
@Index({
  name: 'outbox_events_workflow_pending_index',
  expression:
    'create index "outbox_events_workflow_pending_index" on "outbox_events" ("created_at") where "workflow_dispatched_at" is null;',
})
export class OutboxEvent {
  @Field(() => ID, { description: 'Also sent as the webhook-id / X-Webhook-Id header' })
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @ManyToOne({ entity: TENANT_ENTITY, ref: true, deleteRule: 'cascade' })
  organization: Ref<TenantRoot>;

  @Field({ description: 'Event kind, e.g. lead.created (or ping)' })
  @Property({ length: 64 })
  event: string;

  /** The full envelope as sent: `{event, timestamp, organizationId, data}`. */
  @Field(() => GraphQLJSONObject, { description: 'The envelope: event, timestamp, organizationId, data' })
  @Property({ type: 'jsonb' })
  payload: EventEnvelope;

  @Field()
  @Property({ type: 'timestamptz' })
  createdAt: Date;

  /** Set once the worker has created the event's deliveries (null: not yet fanned out). */
  @Property({ type: 'timestamptz', nullable: true, index: true })
  fannedOutAt?: Date | null;

  /** Set once the workflow dispatcher has made the event's runs (docs/workflows.md, "Execution"). */
  @Property({ type: 'timestamptz', nullable: true })
  workflowDispatchedAt?: Date | null;

  /** How many workflow runs led to this event: 0 for a member's change (the workflows' loop guard). */
  @Property({ type: 'integer', default: 0 })
  workflowDepth: number = 0;

  constructor(organization: TenantRoot | Ref<TenantRoot>, payload: EventEnvelope) {
    this.organization = ref(organization as TenantRoot);
    this.event = payload.event;
    this.payload = payload;
    this.createdAt = clock.now();
  }
}
