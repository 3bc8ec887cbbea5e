import { Entity, Index, ManyToOne, Property, Ref, ref } from '@mikro-orm/core';
import { Field, ObjectType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../../accounts/organizations/organization.entity';
import { User } from '../../accounts/users/user.entity';

/** An in-app notification for one user; only that user sees it. */
@ObjectType('Notification')
@Entity({ tableName: 'notifications' })
@Index({ name: 'notifications_recipient_id_created_at_index', properties: ['recipient', 'createdAt'] })
export class Notification extends TenantEntity {
  @ManyToOne({ entity: () => User, ref: true, deleteRule: 'cascade' })
  recipient: Ref<User>;

  @Field({ description: 'email.received, call.received, sms.received, task.assigned, opportunity.stale' })
  @Property({ length: 60 })
  kind: string;

  @Field()
  @Property({ length: 300 })
  title: string;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  body: string | null = null;

  @Field(() => String, { nullable: true, description: 'API path of the record, e.g. /api/activities/<id>' })
  @Property({ length: 300, nullable: true })
  link: string | null = null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  readAt: Date | null = null;

  @Field() get read(): boolean {
    return this.readAt !== null;
  }

  constructor(
    organization: Organization | Ref<Organization>,
    recipient: User | Ref<User>,
    kind: string,
    title: string,
  ) {
    super();
    this.organization = ref(organization as Organization);
    this.recipient = ref(recipient as User);
    this.kind = kind;
    this.title = title.slice(0, 300);
  }
}
