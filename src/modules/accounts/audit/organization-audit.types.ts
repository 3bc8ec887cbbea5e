import { IsEnum, IsOptional, MaxLength } from 'class-validator';
import { ArgsType, Field, ID, Int, ObjectType } from 'type-graphql';
import { ListArgs, Paginated } from '../../../db/pagination';
import { AuditEntry, AuditKind } from './audit-entry.entity';
import { OptionalId } from '../../../lib/input-fields';

/** A person an audit entry names. */
@ObjectType()
export class AuditPerson {
  @Field(() => ID) id: string;
  @Field() email: string;
}

/**
 * One entry of an organization's audit log, as its admins read it: the user the request acted as and, when a
 * super admin was impersonating them, that super admin too (docs/accounts.md, "Audit").
 */
@ObjectType()
export class OrganizationAuditEntry {
  @Field(() => ID) id: string;
  @Field() createdAt: Date;
  @Field({ description: '`POST /api/api-keys`, `graphql mutation: createApiKey`, `impersonation.start`' })
  action: string;
  @Field({ nullable: true, description: 'The GraphQL root fields the request ran (a REST row runs one)' })
  operation?: string;
  @Field(() => AuditKind, { nullable: true }) kind?: AuditKind;
  @Field({ nullable: true }) method?: string;
  @Field({ nullable: true }) path?: string;
  @Field({ nullable: true, description: 'The record the operation named (its id argument) or created' })
  recordId?: string;
  @Field(() => Int, { description: 'HTTP status of the response (2xx success)' }) status: number;
  @Field({ nullable: true }) requestId?: string;
  @Field(() => AuditPerson, { description: 'The user the request acted as' }) user: AuditPerson;
  @Field(() => AuditPerson, { nullable: true, description: 'The super admin acting as `user`, while impersonating' })
  impersonator?: AuditPerson | null;
}

export const OrganizationAuditEntryPage = Paginated(OrganizationAuditEntry);

@ArgsType()
export class OrganizationAuditLogArgs extends ListArgs {
  @OptionalId('userId', { description: 'Only entries acting as this user' })
  userId?: string;

  @OptionalId('impersonatorId', { description: 'Only entries of this impersonating super admin' })
  impersonatorId?: string;

  @Field({ nullable: true, description: 'Only entries of this root field (`createContact`)' })
  @IsOptional()
  @MaxLength(300)
  operation?: string;

  @Field(() => AuditKind, { nullable: true, description: 'Only reads or only writes' })
  @IsOptional()
  @IsEnum(AuditKind, { message: 'kind must be read or write' })
  kind?: AuditKind;
}

/** The stored entry as the organization reads it: the user acted as, and the super admin behind them. */
export function toOrganizationEntry(e: AuditEntry): OrganizationAuditEntry {
  const impersonated = e.impersonatedUserId !== undefined && e.impersonatedUserId !== null;
  return {
    id: e.id,
    createdAt: e.createdAt,
    action: e.action,
    operation: e.operation ?? undefined,
    kind: e.kind ?? undefined,
    method: e.method ?? undefined,
    path: e.path ?? undefined,
    recordId: e.recordId ?? undefined,
    status: e.status,
    requestId: e.requestId ?? undefined,
    user: impersonated
      ? { id: e.impersonatedUserId as string, email: e.impersonatedEmail ?? '' }
      : { id: e.actorUserId, email: e.actorEmail },
    impersonator: impersonated ? { id: e.actorUserId, email: e.actorEmail } : null,
  };
}
