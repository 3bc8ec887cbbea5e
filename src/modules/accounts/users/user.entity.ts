import { Check, Entity, Enum, Property, ref } from '@mikro-orm/core';
import { Field, ObjectType } from 'type-graphql';
import { Role } from '../../../lib/role';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../organizations/organization.entity';

@ObjectType('User')
@Entity({ tableName: 'users' })
@Check({ name: 'users_phone_check', expression: `phone ~ '^\\+[1-9][0-9]{1,14}$'` })
export class User extends TenantEntity {
  /** Stored lower-cased; unique across the service because login is by email alone. */
  @Field()
  @Property({ length: 320, unique: true })
  email: string;

  /** argon2id. Lazy and hidden: never loaded unless asked for, never serialized, no GraphQL field. */
  @Property({ type: 'text', hidden: true, lazy: true })
  passwordHash: string;

  @Field()
  @Property({ length: 100 })
  firstName: string;

  @Field()
  @Property({ length: 100 })
  lastName: string;

  @Field(() => Role)
  @Enum({ items: () => Role })
  role: Role;

  /** E.164; set by the member (updateProfile) or an admin (updateMember); workflows text it (send_sms to a member). */
  @Field(() => String, {
    nullable: true,
    description: 'Mobile number, E.164 (+14155550123): where workflow SMS to this member go; null: none',
  })
  @Property({ length: 16, nullable: true })
  phone: string | null = null;

  constructor(props: {
    organization: Organization;
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
    role: Role;
  }) {
    super();
    this.organization = ref(props.organization);
    this.email = props.email.toLowerCase();
    this.passwordHash = props.passwordHash;
    this.firstName = props.firstName;
    this.lastName = props.lastName;
    this.role = props.role;
  }
}
