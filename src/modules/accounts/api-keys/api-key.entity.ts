import { Entity, Enum, ManyToOne, Property, Ref } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../organizations/organization.entity';
import type { User } from '../users/user.entity';
import { MemberRole } from '../users/member-role';

/**
 * An organization's API key for `Authorization: Bearer <key>`. The secret is shown once at creation; only
 * its digest is stored. Dies with the admin who created it (foreign key cascade).
 */
@ObjectType()
@Entity({ tableName: 'api_keys' })
export class ApiKey extends TenantEntity {
  @Field()
  @Property({ length: 100 })
  name: string;

  @Field(() => MemberRole)
  @Enum({ items: () => MemberRole })
  role: MemberRole;

  /** The first characters of the key (`crm_AbCd`), to tell keys apart in lists. */
  @Field()
  @Property({ length: 16 })
  prefix: string;

  @Property({ length: 64, unique: true, hidden: true })
  keyDigest: string;

  @Field({ nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  expiresAt?: Date;

  @Field({ nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  lastUsedAt?: Date;

  @Field({ nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  revokedAt?: Date;

  @ManyToOne({ entity: 'User', ref: true, deleteRule: 'cascade', index: true })
  createdBy: Ref<User>;

  @Field(() => ID)
  get createdById(): string {
    return this.createdBy.id;
  }

  constructor(props: {
    organization: Ref<Organization>;
    name: string;
    role: MemberRole;
    prefix: string;
    keyDigest: string;
    expiresAt?: Date;
    createdBy: Ref<User>;
  }) {
    super();
    this.organization = props.organization;
    this.name = props.name;
    this.role = props.role;
    this.prefix = props.prefix;
    this.keyDigest = props.keyDigest;
    this.expiresAt = props.expiresAt;
    this.createdBy = props.createdBy;
  }
}
