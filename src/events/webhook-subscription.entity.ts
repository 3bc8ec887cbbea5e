import { Entity, Property, ref } from '@mikro-orm/core';
import { Field, Int, ObjectType } from 'type-graphql';
import { TenantEntity } from '../db/tenant.entity';
import type { TenantRoot } from '../db/tenant-root';

/**
 * Where an organization wants its events sent (docs/events.md). The signing secrets are hidden and lazy:
 * never loaded by ordinary queries, never serialized, no GraphQL field. The delivery worker reads them
 * with its own SQL.
 */
@ObjectType('WebhookSubscription')
@Entity({ tableName: 'webhook_subscriptions' })
export class WebhookSubscription extends TenantEntity {
  @Field({ description: 'http(s) URL the events are POSTed to' })
  @Property({ length: 2000 })
  url: string;

  /** Event kinds; empty means every kind. */
  @Field(() => [String], { description: 'Event kinds sent to this URL; empty means every kind' })
  @Property({ type: 'json' })
  events: string[];

  @Field({ description: 'Inactive subscriptions get no new events; their pending deliveries wait' })
  @Property()
  active: boolean;

  @Field(() => String, { nullable: true })
  @Property({ length: 500, nullable: true })
  description?: string | null;

  /** Encrypted at rest (AES-256-GCM, CredentialCipher): a copy of the database does not reveal it. */
  @Property({ length: 200, hidden: true, lazy: true })
  secret: string;

  /** The secret before the last rotation: it still signs until previousSecretExpiresAt. */
  @Property({ length: 200, nullable: true, hidden: true, lazy: true })
  previousSecret?: string | null;

  @Field(() => Date, {
    nullable: true,
    description: 'Until then, deliveries also carry a signature made with the previous secret',
  })
  @Property({ type: 'timestamptz', nullable: true })
  previousSecretExpiresAt?: Date | null;

  @Field(() => String, {
    nullable: true,
    description: 'Why the service disabled this subscription (410 Gone, failing for days)',
  })
  @Property({ length: 500, nullable: true })
  disabledReason?: string | null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  disabledAt?: Date | null;

  @Field(() => Date, {
    nullable: true,
    description: 'Start of the current run of failed attempts; null after a success',
  })
  @Property({ type: 'timestamptz', nullable: true })
  failingSince?: Date | null;

  @Field(() => Int, { description: 'Failed attempts since the last success' })
  @Property({ type: 'integer' })
  consecutiveFailures: number = 0;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  lastSuccessAt?: Date | null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  lastFailureAt?: Date | null;

  @Field(() => Boolean, { description: 'True when events is empty: every kind is sent' })
  get allEvents(): boolean {
    return this.events.length === 0;
  }

  constructor(props: {
    organization: TenantRoot;
    url: string;
    events: string[];
    active: boolean;
    description?: string | null;
    secret: string;
  }) {
    super();
    this.organization = ref(props.organization);
    this.url = props.url;
    this.events = props.events;
    this.active = props.active;
    this.description = props.description ?? null;
    this.secret = props.secret;
  }
}
