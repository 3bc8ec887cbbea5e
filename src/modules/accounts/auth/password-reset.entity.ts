import { Entity, ManyToOne, Property, Ref } from '@mikro-orm/core';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../organizations/organization.entity';
import type { User } from '../users/user.entity';

/** A password-reset token: single use, 1 hour, only its digest stored. */
@Entity({ tableName: 'password_reset_tokens' })
export class PasswordResetToken extends TenantEntity {
  @ManyToOne({ entity: 'User', ref: true, deleteRule: 'cascade', index: true })
  user: Ref<User>;

  @Property({ length: 64, unique: true })
  tokenDigest: string;

  @Property({ type: 'timestamptz' })
  expiresAt: Date;

  @Property({ type: 'timestamptz', nullable: true })
  usedAt?: Date;

  constructor(props: { organization: Ref<Organization>; user: Ref<User>; tokenDigest: string; expiresAt: Date }) {
    super();
    this.organization = props.organization;
    this.user = props.user;
    this.tokenDigest = props.tokenDigest;
    this.expiresAt = props.expiresAt;
  }
}
