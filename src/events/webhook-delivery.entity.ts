import { newId } from '../lib/ids';
import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property, Ref, ref, Unique } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { clock } from '../lib/clock';
import type { TenantRoot } from '../db/tenant-root';
import { TENANT_ENTITY } from '../db/tenant-root';
import type { WebhookSubscription } from './webhook-subscription.entity';
import type { OutboxEvent } from './outbox-event.entity';

export enum DeliveryStatus {
  pending = 'pending',
  delivered = 'delivered',
  failed = 'failed',
}
registerEnumType(DeliveryStatus, {
  name: 'WebhookDeliveryStatus',
  description: 'pending: waiting for its (next) attempt; delivered: a 2xx was received; failed: given up',
});

/**
 * The queue: one row per event and subscription. The worker claims due rows with FOR UPDATE SKIP LOCKED
 * and leases them (lockedUntil, claimToken) while it sends, so any number of workers share the work.
 */
@ObjectType('WebhookDelivery')
@Entity({ tableName: 'webhook_deliveries' })
@Unique({ properties: ['event', 'subscription'] })
@Index({ properties: ['status', 'nextAttemptAt'] })
export class WebhookDelivery {
  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @ManyToOne({ entity: TENANT_ENTITY, ref: true, deleteRule: 'cascade', index: true })
  organization: Ref<TenantRoot>;

  @ManyToOne({ entity: 'OutboxEvent', ref: true, deleteRule: 'cascade' })
  event: Ref<OutboxEvent>;

  @ManyToOne({ entity: 'WebhookSubscription', ref: true, deleteRule: 'cascade', index: true })
  subscription: Ref<WebhookSubscription>;

  /** The event kind (copied from the event for filtering). */
  @Field(() => String, { name: 'event' })
  @Property({ length: 64 })
  kind: string;

  @Field(() => DeliveryStatus)
  @Enum({ items: () => DeliveryStatus })
  status: DeliveryStatus = DeliveryStatus.pending;

  @Field(() => Int, { description: 'Attempts made so far' })
  @Property({ type: 'integer' })
  attempts: number = 0;

  @Field({ description: 'When the next attempt is due (while pending)' })
  @Property({ type: 'timestamptz' })
  nextAttemptAt: Date;

  /** Start of the retry window (creation, or the last manual re-send). */
  @Property({ type: 'timestamptz' })
  retryStartedAt: Date;

  @Property({ type: 'timestamptz', nullable: true })
  lockedUntil?: Date | null;

  @Property({ type: 'uuid', nullable: true })
  claimToken?: string | null;

  @Field(() => Int, { nullable: true })
  @Property({ type: 'integer', nullable: true })
  lastStatusCode?: number | null;

  @Field(() => String, { nullable: true })
  @Property({ length: 500, nullable: true })
  lastError?: string | null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  deliveredAt?: Date | null;

  @Field()
  @Property({ type: 'timestamptz' })
  createdAt: Date = clock.now();

  @Field()
  @Property({ type: 'timestamptz', onUpdate: () => clock.now() })
  updatedAt: Date = clock.now();

  @Field(() => ID)
  get eventId(): string {
    return this.event.id;
  }

  @Field(() => ID)
  get subscriptionId(): string {
    return this.subscription.id;
  }

  constructor(event: OutboxEvent, subscription: WebhookSubscription, now: Date) {
    this.organization = event.organization;
    this.event = ref(event);
    this.subscription = ref(subscription);
    this.kind = event.event;
    this.nextAttemptAt = now;
    this.retryStartedAt = now;
  }
}
