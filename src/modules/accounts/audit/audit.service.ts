import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { ArgsType } from 'type-graphql';
import { listPage, ListSpec } from '../../../db/list-query';
import { deleteInBatches } from '../../../db/prune';
import { ListArgs, Page, Paginated, SortOrder } from '../../../db/pagination';
import { AuditEntry } from './audit-entry.entity';
import { withPlatformAccess } from '../../../db/access';
import { forgetCounts } from '../../../db/read-path';
import { OrganizationAuditLogArgs, toOrganizationEntry, type OrganizationAuditEntry } from './organization-audit.types';
import { OptionalId } from '../../../lib/input-fields';

export const AuditEntryPage = Paginated(AuditEntry);

@ArgsType()
export class AuditLogArgs extends ListArgs {
  @OptionalId('organizationId', { description: 'Only entries about this organization' })
  organizationId?: string;

  @OptionalId('actorUserId', { description: 'Only entries of this super admin' })
  actorUserId?: string;
}

const LIST: ListSpec<AuditEntry> = {
  searchFields: ['action', 'actorEmail', 'impersonatedEmail'],
  sortable: { createdAt: 'createdAt' },
  defaultSort: { field: 'createdAt', order: SortOrder.desc },
  dateField: 'createdAt',
};

const ORGANIZATION_LIST: ListSpec<AuditEntry> = {
  ...LIST,
  searchFields: ['action', 'operation', 'path', 'actorEmail', 'impersonatedEmail'],
};

export type AuditRecord = ConstructorParameters<typeof AuditEntry>[0];

/** Writes and reads the audit trail (a platform table: no tenant filter applies; row-level security: platform only). */
export class AuditService {
  /** Written with its own statement, so the entry stays even when the audited operation rolled back. */
  async record(em: EntityManager, entry: AuditRecord): Promise<void> {
    const row = new AuditEntry({ ...entry, action: entry.action.slice(0, 300) });
    await withPlatformAccess(() => em.fork().persistAndFlush(row));
    // Reads while impersonating add entries too: the organization's log counts them at once. A platform row that
    // names its organization by a column, not a relation, is the one write the data layer cannot attribute itself.
    if (entry.targetOrganizationId) forgetCounts(entry.targetOrganizationId);
  }

  list(em: EntityManager, args: AuditLogArgs): Promise<Page<AuditEntry>> {
    const where: Record<string, string> = {};
    if (args.organizationId) where.targetOrganizationId = args.organizationId;
    if (args.actorUserId) where.actorUserId = args.actorUserId;
    return withPlatformAccess(() => listPage(em, AuditEntry, args, LIST, where));
  }

  /**
   * The organization's own log (its admins): the entries about it, read under the request's row-level security
   * context (policy `organization_read`), never platform access; the condition on the organization says the same.
   */
  async forOrganization(
    em: EntityManager,
    organizationId: string,
    args: OrganizationAuditLogArgs,
  ): Promise<Page<OrganizationAuditEntry>> {
    const where: FilterQuery<AuditEntry> = { targetOrganizationId: organizationId };
    if (args.userId) where.impersonatedUserId = args.userId;
    if (args.impersonatorId) where.actorUserId = args.impersonatorId;
    if (args.operation) where.operation = args.operation;
    if (args.kind) where.kind = args.kind;
    const page = await listPage(em, AuditEntry, args, ORGANIZATION_LIST, where);
    return { ...page, data: page.data.map(toOrganizationEntry) };
  }

  /** Retention: entries older than `before` go, in batches (docs/operations.md). */
  prune(em: EntityManager, before: Date, batchSize: number): Promise<number> {
    return deleteInBatches(em, 'audit_entries', 'created_at < ?', [before], batchSize);
  }
}
