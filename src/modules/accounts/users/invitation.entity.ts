import { Entity, Enum, ManyToOne, Property, Ref } from '@mikro-orm/core';
import { Field, ObjectType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../organizations/organization.entity';
import type { User } from './user.entity';
import { MemberRole } from './member-role';

/** A pending invitation to join an organization. The mailed token is single-use; only its digest is stored. */
@ObjectType()
@Entity({ tableName: 'invitations' })
export class Invitation extends TenantEntity {
  @Field()
  @Property({ length: 320, index: true })
  email: string;

  @Field(() => MemberRole)
  @Enum({ items: () => MemberRole })
  role: MemberRole;

  @Field()
  @Property({ length: 100 })
  firstName: string;

  @Field()
  @Property({ length: 100 })
  lastName: string;

  @Property({ length: 64, unique: true, hidden: true })
  tokenDigest: string;

  @Field()
  @Property({ type: 'timestamptz' })
  expiresAt: Date;

  @Property({ type: 'timestamptz', nullable: true })
  acceptedAt?: Date;

  /** Set to null when the inviting admin is removed (docs/accounts.md, owned records). */
  @ManyToOne({ entity: 'User', ref: true, nullable: true, deleteRule: 'set null', index: true })
  invitedBy?: Ref<User>;

  constructor(props: {
    organization: Ref<Organization>;
    email: string;
    role: MemberRole;
    firstName: string;
    lastName: string;
    tokenDigest: string;
    expiresAt: Date;
    invitedBy?: Ref<User>;
  }) {
    super();
    this.organization = props.organization;
    this.email = props.email;
    this.role = props.role;
    this.firstName = props.firstName;
    this.lastName = props.lastName;
    this.tokenDigest = props.tokenDigest;
    this.expiresAt = props.expiresAt;
    this.invitedBy = props.invitedBy;
  }
}
