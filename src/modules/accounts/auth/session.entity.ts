import { Entity, ManyToOne, PrimaryKey, Property, Ref, ref } from '@mikro-orm/core';
import type { User } from '../users/user.entity';
import type { Organization } from '../organizations/organization.entity';

/**
 * A login session. The cookie carries a random token; only its HMAC digest is stored here, so the
 * table cannot be replayed. `expiresAt` slides on every request; `absoluteExpiresAt` never moves.
 */
@Entity({ tableName: 'sessions' })
export class Session {
  @PrimaryKey({ length: 64 })
  id: string;

  @ManyToOne({ entity: 'User', ref: true, deleteRule: 'cascade', index: true })
  user: Ref<User>;

  @ManyToOne({ entity: 'Organization', ref: true, deleteRule: 'cascade', index: true })
  organization: Ref<Organization>;

  @Property({ type: 'timestamptz' })
  createdAt: Date;

  @Property({ type: 'timestamptz' })
  lastSeenAt: Date;

  @Property({ type: 'timestamptz', index: true })
  expiresAt: Date;

  @Property({ type: 'timestamptz' })
  absoluteExpiresAt: Date;

  @Property({ length: 64, nullable: true })
  ip?: string;

  @Property({ length: 300, nullable: true })
  userAgent?: string;

  /** While a super admin impersonates: the user acted as (the session's own user stays the super admin). */
  @ManyToOne({ entity: 'User', ref: true, nullable: true, deleteRule: 'set null', index: true })
  impersonatedUser?: Ref<User>;

  @Property({ type: 'timestamptz', nullable: true })
  impersonationStartedAt?: Date;

  constructor(props: {
    id: string;
    user: User;
    organization: Ref<Organization>;
    now: Date;
    expiresAt: Date;
    absoluteExpiresAt: Date;
    ip?: string;
    userAgent?: string;
  }) {
    this.id = props.id;
    this.user = ref(props.user);
    this.organization = props.organization;
    this.createdAt = props.now;
    this.lastSeenAt = props.now;
    this.expiresAt = props.expiresAt;
    this.absoluteExpiresAt = props.absoluteExpiresAt;
    this.ip = props.ip;
    this.userAgent = props.userAgent?.slice(0, 300);
  }
}
