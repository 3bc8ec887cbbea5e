import { Entity, Enum, Index, ManyToOne, Property, Ref, ref, Unique } from '@mikro-orm/core';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../../accounts/organizations/organization.entity';
import { User } from '../../accounts/users/user.entity';
import { Contact } from '../../crm/contacts/contact.entity';
import { Customer } from '../../crm/customers/customer.entity';
import { Opportunity } from '../opportunities/opportunity.entity';

/** The spec's task priorities (wire values). */
export enum TaskPriority {
  low = 'low',
  medium = 'medium',
  high = 'high',
}
registerEnumType(TaskPriority, { name: 'TaskPriority' });

export enum TaskStatus {
  open = 'open',
  completed = 'completed',
}
registerEnumType(TaskStatus, { name: 'TaskStatus', description: 'open -> completed (POST /api/tasks/:id/complete)' });

/** Where a task came from (the spec's task sources); `sourceId` links the source record. */
export enum TaskSource {
  manual = 'manual',
  voice_memo = 'voice_memo',
  call = 'call',
  email = 'email',
  meeting_notes = 'meeting_notes',
  opportunity = 'opportunity',
  workflow = 'workflow',
}
registerEnumType(TaskSource, {
  name: 'TaskSource',
  description: 'manual, voice_memo, call, email, meeting_notes, opportunity (e.g. stage drift), workflow',
});

/**
 * A to-do for a team member, optionally about a contact, customer or opportunity of the same
 * organization. `isAiGenerated`, `source` links and `dedupeKey` are set by the system only.
 */
@ObjectType('Task')
@Entity({ tableName: 'tasks' })
@Index({ properties: ['organization', 'status', 'dueDate'] })
@Unique({ properties: ['organization', 'dedupeKey'] })
export class Task extends TenantEntity {
  @Field()
  @Property({ length: 200 })
  title: string;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @ManyToOne({ entity: () => User, ref: true, nullable: true, deleteRule: 'set null', index: true })
  assignee: Ref<User> | null = null;

  @ManyToOne({ entity: () => Contact, ref: true, nullable: true, deleteRule: 'set null', index: true })
  contact: Ref<Contact> | null = null;

  @ManyToOne({ entity: () => Customer, ref: true, nullable: true, deleteRule: 'set null', index: true })
  customer: Ref<Customer> | null = null;

  @ManyToOne({ entity: () => Opportunity, ref: true, nullable: true, deleteRule: 'set null', index: true })
  opportunity: Ref<Opportunity> | null = null;

  @Field(() => TaskPriority)
  @Enum({ items: () => TaskPriority })
  priority: TaskPriority = TaskPriority.medium;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' })
  @Property({ type: 'date', nullable: true })
  dueDate: string | null = null;

  @Field(() => TaskStatus)
  @Enum({ items: () => TaskStatus })
  status: TaskStatus = TaskStatus.open;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  completedAt: Date | null = null;

  @ManyToOne({ entity: () => User, ref: true, nullable: true, deleteRule: 'set null' })
  completedBy: Ref<User> | null = null;

  @Field({ description: 'Set by the AI extraction only; clients cannot set it' })
  @Property({ default: false })
  isAiGenerated: boolean = false;

  @Field(() => TaskSource)
  @Enum({ items: () => TaskSource })
  source: TaskSource = TaskSource.manual;

  @Field(() => ID, {
    nullable: true,
    description: 'The source record (voice memo, activity, opportunity, workflow run)',
  })
  @Property({ type: 'uuid', nullable: true })
  sourceId: string | null = null;

  /** Makes system-created tasks idempotent (e.g. `drift:<opportunityId>:<stageEnteredAt>`); unique per organization. */
  @Property({ length: 200, nullable: true })
  dedupeKey: string | null = null;

  @ManyToOne({ entity: () => User, ref: true, nullable: true, deleteRule: 'set null' })
  createdBy: Ref<User> | null = null;

  @Field(() => ID, { nullable: true }) get assigneeId(): string | null {
    return this.assignee?.id ?? null;
  }
  @Field(() => ID, { nullable: true }) get contactId(): string | null {
    return this.contact?.id ?? null;
  }
  @Field(() => ID, { nullable: true }) get customerId(): string | null {
    return this.customer?.id ?? null;
  }
  @Field(() => ID, { nullable: true }) get opportunityId(): string | null {
    return this.opportunity?.id ?? null;
  }
  @Field(() => ID, { nullable: true }) get completedById(): string | null {
    return this.completedBy?.id ?? null;
  }
  @Field(() => ID, { nullable: true }) get createdById(): string | null {
    return this.createdBy?.id ?? null;
  }

  constructor(organization: Organization | Ref<Organization>, title: string) {
    super();
    this.organization = ref(organization as Organization);
    this.title = title.trim();
  }
}

/** A task's fields as GET /api/tasks answers them. */
export const TASK_SELECTION =
  '{ id title description assigneeId contactId customerId opportunityId priority dueDate status completedAt completedById isAiGenerated source sourceId createdById organizationId createdAt updatedAt }';
