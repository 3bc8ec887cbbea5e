import { newId } from '../../../lib/ids';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { clock } from '../../../lib/clock';

/** What an audited request did to the organization's data: `read` (GET rows, GraphQL queries) or `write`. */
export enum AuditKind {
  read = 'read',
  write = 'write',
}
registerEnumType(AuditKind, { name: 'AuditKind' });

/**
 * The platform's audit trail of support actions: who (the super admin), as whom (the impersonated user),
 * in which organization, what operation, when, and the outcome (HTTP status). Platform-level, not
 * tenant-owned: plain ids and no foreign keys, so entries outlive the users and organizations they name.
 * Row-level security: the platform writes and reads every entry; an organization reads (never writes) the entries
 * about it (`target_organization_id`), through `organizationAuditLog` (migration 20261127110000).
 */
@ObjectType()
@Entity({ tableName: 'audit_entries' })
@Index({ properties: ['targetOrganizationId', 'createdAt'] })
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

  /** The root fields the request ran (`createApiKey`; `users, me` for a GraphQL document with two). */
  @Field({ nullable: true, description: 'The GraphQL root fields the request ran (a REST row runs one)' })
  @Property({ length: 300, nullable: true })
  operation?: string;

  @Field(() => AuditKind, { nullable: true })
  @Property({ length: 10, nullable: true })
  kind?: AuditKind;

  @Field({ nullable: true, description: 'HTTP method of the request' })
  @Property({ length: 10, nullable: true })
  method?: string;

  @Field({ nullable: true, description: 'HTTP path of the request, without its query string' })
  @Property({ length: 300, nullable: true })
  path?: string;

  @Field({ nullable: true, description: 'The record the operation named (its id argument) or created' })
  @Property({ length: 100, nullable: true })
  recordId?: string;

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
