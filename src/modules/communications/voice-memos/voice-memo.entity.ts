import { Entity, Enum, Index, ManyToOne, Property, Ref, ref } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../../accounts/organizations/organization.entity';
import { User } from '../../accounts/users/user.entity';
import { Contact } from '../../crm/contacts/contact.entity';
import { Opportunity } from '../../sales/opportunities/opportunity.entity';
import { Activity } from '../activities/activity.entity';
import { VoiceMemoStatus } from './voice-memo-status';

export { VoiceMemoStatus };

/**
 * A salesperson's spoken note, or the recording of a call (then `activity` is the call). Tasks extracted from it
 * carry source voice_memo and this memo's id (POST /api/voice-memos/:id/extract-tasks).
 */
@ObjectType('VoiceMemo')
@Entity({ tableName: 'voice_memos' })
@Index({ name: 'voice_memos_organization_id_recorded_at_index', properties: ['organization', 'recordedAt'] })
export class VoiceMemo extends TenantEntity {
  @Field(() => String, { nullable: true })
  @Property({ length: 200, nullable: true })
  title: string | null = null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  transcript: string | null = null;

  @Field()
  @Property({ type: 'timestamptz' })
  recordedAt: Date;

  @Field(() => Int, { nullable: true })
  @Property({ type: 'integer', nullable: true })
  durationSeconds: number | null = null;

  @Field(() => VoiceMemoStatus)
  @Enum({ items: () => VoiceMemoStatus })
  status: VoiceMemoStatus = VoiceMemoStatus.pending;

  @ManyToOne({ entity: () => Contact, ref: true, nullable: true, deleteRule: 'set null', index: true })
  contact: Ref<Contact> | null = null;

  @ManyToOne({ entity: () => Opportunity, ref: true, nullable: true, deleteRule: 'set null', index: true })
  opportunity: Ref<Opportunity> | null = null;

  @ManyToOne({ entity: () => User, ref: true, nullable: true, deleteRule: 'set null', index: true })
  author: Ref<User> | null = null;

  @ManyToOne({ entity: () => Activity, ref: true, nullable: true, deleteRule: 'set null', index: true })
  activity: Ref<Activity> | null = null;

  /** The uploaded audio; loaded only when asked for (lazy). */
  @Property({ type: 'blob', nullable: true, lazy: true })
  audio: Buffer | null = null;

  @Field(() => String, { nullable: true })
  @Property({ length: 100, nullable: true })
  audioContentType: string | null = null;

  @Field(() => Int, { nullable: true, description: 'Bytes of the uploaded audio' })
  @Property({ type: 'integer', nullable: true })
  audioSize: number | null = null;

  @Field(() => ID, { nullable: true }) get contactId(): string | null {
    return this.contact?.id ?? null;
  }
  @Field(() => ID, { nullable: true }) get opportunityId(): string | null {
    return this.opportunity?.id ?? null;
  }
  @Field(() => ID, { nullable: true }) get authorId(): string | null {
    return this.author?.id ?? null;
  }
  @Field(() => ID, { nullable: true, description: 'The call activity, for memos made by a call recording' })
  get activityId(): string | null {
    return this.activity?.id ?? null;
  }

  constructor(organization: Organization | Ref<Organization>, recordedAt: Date) {
    super();
    this.organization = ref(organization as Organization);
    this.recordedAt = recordedAt;
  }
}
