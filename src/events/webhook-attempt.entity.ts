import { newId } from '../lib/ids';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Ref } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { TenantRoot } from '../db/tenant-root';
import { TENANT_ENTITY } from '../db/tenant-root';
import type { WebhookSubscription } from './webhook-subscription.entity';
import type { OutboxEvent } from './outbox-event.entity';
import type { WebhookDelivery } from './webhook-delivery.entity';

/** The delivery log: one row per HTTP attempt, written by the worker only. */
@ObjectType('WebhookAttempt')
@Entity({ tableName: 'webhook_attempts' })
@Index({ properties: ['organization', 'attemptedAt'] })
export class WebhookAttempt {
  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @ManyToOne({ entity: TENANT_ENTITY, ref: true, deleteRule: 'cascade' })
  organization: Ref<TenantRoot>;

  @ManyToOne({ entity: 'WebhookDelivery', ref: true, deleteRule: 'cascade', index: true })
  delivery: Ref<WebhookDelivery>;

  @ManyToOne({ entity: 'OutboxEvent', ref: true, deleteRule: 'cascade', index: true })
  event: Ref<OutboxEvent>;

  @ManyToOne({ entity: 'WebhookSubscription', ref: true, deleteRule: 'cascade', index: true })
  subscription: Ref<WebhookSubscription>;

  @Field(() => String, { name: 'event' })
  @Property({ length: 64 })
  kind: string;

  @Field(() => Int, { description: '1 for the first attempt of the delivery' })
  @Property({ type: 'integer' })
  attempt: number;

  /** Indexed alone too: the worker counts every organization's attempts of the last minute (rate). */
  @Field()
  @Property({ type: 'timestamptz', index: true })
  attemptedAt: Date;

  @Field(() => Int, { nullable: true, description: 'HTTP status of the response; null when none was received' })
  @Property({ type: 'integer', nullable: true })
  statusCode?: number | null;

  @Field(() => Int)
  @Property({ type: 'integer' })
  latencyMs: number;

  @Field(() => String, { nullable: true, description: 'Network error, timeout or non-2xx summary' })
  @Property({ length: 500, nullable: true })
  error?: string | null;

  @Field()
  @Property()
  success: boolean;

  @Field(() => Date, { nullable: true, description: 'When the next attempt was scheduled, if one was' })
  @Property({ type: 'timestamptz', nullable: true })
  nextAttemptAt?: Date | null;

  @Field(() => ID)
  get deliveryId(): string {
    return this.delivery.id;
  }

  @Field(() => ID)
  get eventId(): string {
    return this.event.id;
  }

  @Field(() => ID)
  get subscriptionId(): string {
    return this.subscription.id;
  }
}
