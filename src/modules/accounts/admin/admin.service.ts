import type { EntityManager } from '@mikro-orm/postgresql';
import { listPage, ListSpec } from '../../../db/list-query';
import { ListArgs, Page, SortOrder } from '../../../db/pagination';
import { AppError } from '../../../lib/errors';
import type { AuditService } from '../audit/audit.service';
import type { Principal } from '../../../http/principal';
import { Organization } from '../organizations/organization.entity';
import type { OrganizationSummary } from './admin.types';
import { withPlatformAccess } from '../../../db/access';

const ORGANIZATIONS: ListSpec<Organization> = {
  searchFields: ['name'],
  sortable: { createdAt: 'createdAt', updatedAt: 'updatedAt', name: 'name' },
  defaultSort: { field: 'createdAt', order: SortOrder.desc },
  dateField: 'createdAt',
};

/** Platform tools of the super admins: the only code that reads across organizations. */
export class AdminService {
  constructor(private readonly audit: AuditService) {}

  organizations(em: EntityManager, args: ListArgs): Promise<Page<OrganizationSummary>> {
    return withPlatformAccess(() => this.organizationPage(em, args));
  }

  private async organizationPage(em: EntityManager, args: ListArgs): Promise<Page<OrganizationSummary>> {
    const page = await listPage(em, Organization, args, ORGANIZATIONS, {}, { allTenants: true });
    const ids = page.data.map((o) => o.id);
    const counts: { organization_id: string; n: string }[] = ids.length
      ? await em.execute(
          'select organization_id, count(*) as n from users where organization_id in (?) group by organization_id',
          [ids],
        )
      : [];
    const byId = new Map(counts.map((c) => [c.organization_id, Number(c.n)]));
    return {
      data: page.data.map((o) => ({ id: o.id, name: o.name, createdAt: o.createdAt, userCount: byId.get(o.id) ?? 0 })),
      pagination: page.pagination,
    };
  }

  /**
   * Deletes an organization and all of its data: every tenant table references organizations with
   * `on delete cascade`, so one statement removes it all in one transaction. Refused while impersonating
   * and for the super admin's own organization. The audit trail keeps an entry.
   */
  async deleteOrganization(em: EntityManager, principal: Principal, id: string, requestId?: string): Promise<void> {
    if (principal.impersonatorId) throw AppError.forbidden('Organizations cannot be deleted while impersonating');
    if (id === principal.organizationId) throw AppError.conflict('You cannot delete your own organization');
    const organization = await withPlatformAccess(() => em.findOne(Organization, { id }, { filters: false }));
    if (!organization) throw AppError.notFound('Organization');
    await withPlatformAccess(() => em.transactional((tx) => tx.nativeDelete(Organization, { id }, { filters: false })));
    await this.audit.record(em, {
      actorUserId: principal.userId,
      actorEmail: principal.email,
      targetOrganizationId: id,
      action: `organization.delete (${organization.name})`,
      status: 200,
      requestId,
    });
  }
}
