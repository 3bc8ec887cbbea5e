import { newId } from '../../../lib/ids';
import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { clock } from '../../../lib/clock';

/**
 * The platform's audit trail of support actions: who (the super admin), as whom (the impersonated user),
 * in which organization, what operation, when, and the outcome (HTTP status). Platform-level, not
 * tenant-owned: plain ids and no foreign keys, so entries outlive the users and organizations they name.
 */
@ObjectType()
@Entity({ tableName: 'audit_entries' })
export class AuditEntry {
  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @Field()
  @Property({ type: 'timestamptz', index: true })
  createdAt: Date = clock.now();

  @Field(() => ID)
  @Property({ type: 'uuid' })
  actorUserId: string;

  @Field()
  @Property({ length: 320 })
  actorEmail: string;

  @Field(() => ID, { nullable: true })
  @Property({ type: 'uuid', nullable: true })
  impersonatedUserId?: string;

  @Field({ nullable: true })
  @Property({ length: 320, nullable: true })
  impersonatedEmail?: string;

  @Field(() => ID, { nullable: true })
  @Property({ type: 'uuid', nullable: true, index: true })
  targetOrganizationId?: string;

  /** `POST /api/leads (createLead)`, `graphql: me, users`, `impersonation.start`... */
  @Field()
  @Property({ length: 300 })
  action: string;

  @Field(() => Int, { description: 'HTTP status of the response (2xx success)' })
  @Property({ type: 'integer' })
  status: number;

  @Field({ nullable: true })
  @Property({ length: 100, nullable: true })
  requestId?: string;

  constructor(props: Omit<AuditEntry, 'id' | 'createdAt'>) {
    Object.assign(this, props);
  }
}
