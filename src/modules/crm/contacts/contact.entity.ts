import { Entity, Enum, Index, ManyToOne, Property, Ref, ref, Unique } from '@mikro-orm/core';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../../accounts/organizations/organization.entity';
import { User } from '../../accounts/users/user.entity';
import { Company } from '../companies/company.entity';

/** The spec's contact statuses (wire values). */
export enum ContactStatus {
  customer = 'customer',
  lead = 'lead',
  unknown = 'unknown',
}
registerEnumType(ContactStatus, {
  name: 'ContactStatus',
  description: 'customer: paying; lead: prospect; unknown: from an inbound communication',
});

/** Why a contact was superseded by another (the contact-id mapping). */
export enum SupersededReason {
  converted = 'converted',
  merged = 'merged',
}
registerEnumType(SupersededReason, { name: 'SupersededReason' });

/**
 * The unified contact. A contact that was converted or merged keeps its row (its history hangs on its id)
 * and points at the contact that replaced it: `supersededBy` is the contact-id mapping. Only current
 * contacts (supersededBy null) hold their email: the email is unique among them, ignoring case.
 */
@ObjectType('Contact')
@Entity({ tableName: 'contacts' })
@Unique({
  name: 'contacts_organization_id_lower_email_unique',
  expression:
    'create unique index "contacts_organization_id_lower_email_unique" on "contacts" ("organization_id", lower("email")) where "superseded_by_id" is null;',
})
@Index({
  name: 'contacts_name_trgm_index',
  expression: 'create index "contacts_name_trgm_index" on "contacts" using gin ("name" gin_trgm_ops);',
})
@Index({
  name: 'contacts_email_trgm_index',
  expression: 'create index "contacts_email_trgm_index" on "contacts" using gin ("email" gin_trgm_ops);',
})
@Index({ properties: ['organization', 'createdAt'] })
// Every sortBy of the list, over current contacts (Migration20261123130000_perf_indexes).
@Index({
  name: 'contacts_current_updated_at_index',
  expression:
    'create index "contacts_current_updated_at_index" on "contacts" ("organization_id", "updated_at", "id") where "superseded_by_id" is null;',
})
@Index({
  name: 'contacts_current_name_index',
  expression:
    'create index "contacts_current_name_index" on "contacts" ("organization_id", "name", "id") where "superseded_by_id" is null;',
})
@Index({
  name: 'contacts_current_email_index',
  expression:
    'create index "contacts_current_email_index" on "contacts" ("organization_id", "email", "id") where "superseded_by_id" is null;',
})
@Index({
  name: 'contacts_current_status_index',
  expression:
    'create index "contacts_current_status_index" on "contacts" ("organization_id", "status", "id") where "superseded_by_id" is null;',
})
@Index({
  name: 'contacts_current_last_contacted_at_index',
  expression:
    'create index "contacts_current_last_contacted_at_index" on "contacts" ("organization_id", "last_contacted_at", "id") where "superseded_by_id" is null;',
})
export class Contact extends TenantEntity {
  @Field()
  @Property({ length: 200 })
  name: string;

  /** Stored lower-cased. */
  @Field(() => String, { nullable: true })
  @Property({ length: 320, nullable: true })
  email: string | null = null;

  @Field(() => String, { nullable: true, description: 'E.164' })
  @Property({ length: 20, nullable: true })
  phone: string | null = null;

  @ManyToOne({ entity: () => Company, ref: true, nullable: true, deleteRule: 'set null', index: true })
  company: Ref<Company> | null = null;

  @ManyToOne({ entity: () => User, ref: true, nullable: true, deleteRule: 'set null', index: true })
  owner: Ref<User> | null = null;

  @Field(() => ContactStatus)
  @Enum({ items: () => ContactStatus })
  status: ContactStatus;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  lastContactedAt: Date | null = null;

  @Field(() => String, { nullable: true })
  @Property({ length: 300, nullable: true })
  address: string | null = null;

  @Field(() => String, { nullable: true })
  @Property({ length: 100, nullable: true })
  city: string | null = null;

  @Field(() => String, { nullable: true })
  @Property({ length: 100, nullable: true })
  state: string | null = null;

  @Field(() => String, { nullable: true })
  @Property({ length: 20, nullable: true })
  zipCode: string | null = null;

  @Field(() => String, { nullable: true, description: 'Where the contact came from (web form, import, referral, ...)' })
  @Property({ length: 100, nullable: true })
  source: string | null = null;

  @ManyToOne({ entity: () => Contact, ref: true, nullable: true, deleteRule: 'set null', index: true })
  supersededBy: Ref<Contact> | null = null;

  @Field(() => SupersededReason, { nullable: true })
  @Enum({ items: () => SupersededReason, nullable: true })
  supersededReason: SupersededReason | null = null;

  @Field(() => ID, { nullable: true })
  get companyId(): string | null {
    return this.company?.id ?? null;
  }

  @Field(() => ID, { nullable: true })
  get ownerId(): string | null {
    return this.owner?.id ?? null;
  }

  @Field(() => ID, { nullable: true, description: 'The contact this one was converted or merged into' })
  get supersededById(): string | null {
    return this.supersededBy?.id ?? null;
  }

  constructor(organization: Organization | Ref<Organization>, name: string, status: ContactStatus) {
    super();
    this.organization = ref(organization as Organization);
    this.name = name.trim();
    this.status = status;
  }
}
