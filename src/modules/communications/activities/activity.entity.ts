import { Entity, Enum, Index, ManyToOne, Property, Ref, ref, Unique } from '@mikro-orm/core';
import { Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../../accounts/organizations/organization.entity';
import { User } from '../../accounts/users/user.entity';
import { Contact } from '../../crm/contacts/contact.entity';
import { Opportunity } from '../../sales/opportunities/opportunity.entity';
import { VoiceMemoStatus } from '../voice-memos/voice-memo-status';

/** The spec's activity types and directions (wire values). */
export enum ActivityType {
  call = 'call',
  email = 'email',
  sms = 'sms',
  meeting = 'meeting',
  /** A note on the contact's timeline (a workflow's log_activity, docs/workflows.md). */
  note = 'note',
}
registerEnumType(ActivityType, { name: 'ActivityType' });

export enum ActivityDirection {
  inbound = 'inbound',
  outbound = 'outbound',
}
registerEnumType(ActivityDirection, { name: 'ActivityDirection' });

/** Who made the record: a user, the AI (e.g. a summary note), or a provider webhook (read-only content). */
export enum ActivitySource {
  user = 'user',
  ai = 'ai',
  webhook = 'webhook',
  /** Written by a workflow run (docs/workflows.md, "Definitions", action `log_activity`). */
  workflow = 'workflow',
}
registerEnumType(ActivitySource, { name: 'ActivitySource' });

export enum SentimentLabel {
  positive = 'positive',
  neutral = 'neutral',
  negative = 'negative',
}
registerEnumType(SentimentLabel, { name: 'SentimentLabel' });

@ObjectType({ description: 'An email attachment as the provider described it' })
export class ActivityAttachment {
  @Field() filename: string;
  @Field(() => String, { nullable: true }) contentType: string | null;
  @Field(() => Int, { nullable: true, description: 'Bytes' }) size: number | null;
}

/**
 * One communication with a contact (a call, email, SMS or meeting). A lead or customer is reached through its
 * contact. `provider` + `externalId` (the provider's message or call id) make webhook deliveries idempotent.
 */
@ObjectType('Activity')
@Entity({ tableName: 'activities' })
@Index({ name: 'activities_organization_id_occurred_at_index', properties: ['organization', 'occurredAt'] })
@Index({ name: 'activities_contact_id_occurred_at_index', properties: ['contact', 'occurredAt'] })
@Index({
  name: 'activities_subject_trgm_index',
  expression: 'create index "activities_subject_trgm_index" on "activities" using gin ("subject" gin_trgm_ops);',
})
@Index({
  name: 'activities_body_trgm_index',
  expression: 'create index "activities_body_trgm_index" on "activities" using gin ("body" gin_trgm_ops);',
})
@Unique({
  name: 'activities_organization_id_provider_external_id_unique',
  properties: ['organization', 'provider', 'externalId'],
})
export class Activity extends TenantEntity {
  @ManyToOne({ entity: () => Contact, ref: true, deleteRule: 'cascade' })
  contact: Ref<Contact>;

  @Field(() => ActivityType)
  @Enum({ items: () => ActivityType })
  type: ActivityType;

  @Field(() => ActivityDirection)
  @Enum({ items: () => ActivityDirection })
  direction: ActivityDirection;

  @Field()
  @Property({ type: 'timestamptz' })
  occurredAt: Date;

  @Field(() => String, { nullable: true })
  @Property({ length: 500, nullable: true })
  subject: string | null = null;

  @Field(() => String, { nullable: true, description: 'The message body, or the call or meeting transcript' })
  @Property({ type: 'text', nullable: true })
  body: string | null = null;

  @Field(() => Int, { nullable: true, description: 'Calls: duration in seconds' })
  @Property({ type: 'integer', nullable: true })
  durationSeconds: number | null = null;

  @Field(() => String, { nullable: true, description: 'Calls: where the provider keeps the recording' })
  @Property({ length: 2000, nullable: true })
  recordingUrl: string | null = null;

  @Field(() => VoiceMemoStatus, {
    nullable: true,
    description:
      "Recorded calls: pending until the transcript arrives, then transcribed or failed (as the call's voice memo)",
  })
  @Enum({ items: () => VoiceMemoStatus, nullable: true })
  transcriptionStatus: VoiceMemoStatus | null = null;

  @Field(() => Float, { nullable: true, description: '-1 (negative) .. 1 (positive)' })
  @Property({ type: 'double', nullable: true })
  sentimentScore: number | null = null;

  @Field(() => SentimentLabel, { nullable: true })
  @Enum({ items: () => SentimentLabel, nullable: true })
  sentimentLabel: SentimentLabel | null = null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  summary: string | null = null;

  @Field(() => ActivitySource)
  @Enum({ items: () => ActivitySource })
  source: ActivitySource = ActivitySource.user;

  @ManyToOne({ entity: () => User, ref: true, nullable: true, deleteRule: 'set null', index: true })
  author: Ref<User> | null = null;

  @ManyToOne({ entity: () => Opportunity, ref: true, nullable: true, deleteRule: 'set null', index: true })
  opportunity: Ref<Opportunity> | null = null;

  @Field(() => String, { nullable: true, description: 'generic, postmark, twilio, ... (webhook-made activities)' })
  @Property({ length: 40, nullable: true })
  provider: string | null = null;

  @Field(() => String, { nullable: true, description: "The provider's message or call id" })
  @Property({ length: 300, nullable: true })
  externalId: string | null = null;

  @Field(() => [ActivityAttachment], {
    nullable: true,
    description: 'Inbound emails: the attachments the provider reported (metadata only; the files are not kept)',
  })
  @Property({ type: 'json', nullable: true })
  attachments: ActivityAttachment[] | null = null;

  @Field(() => ID) get contactId(): string {
    return this.contact.id;
  }
  @Field(() => ID, { nullable: true }) get authorId(): string | null {
    return this.author?.id ?? null;
  }
  @Field(() => ID, { nullable: true }) get opportunityId(): string | null {
    return this.opportunity?.id ?? null;
  }

  constructor(
    organization: Organization | Ref<Organization>,
    contact: Contact | Ref<Contact>,
    props: { type: ActivityType; direction: ActivityDirection; occurredAt: Date },
  ) {
    super();
    this.organization = ref(organization as Organization);
    this.contact = ref(contact as Contact);
    this.type = props.type;
    this.direction = props.direction;
    this.occurredAt = props.occurredAt;
  }
}
