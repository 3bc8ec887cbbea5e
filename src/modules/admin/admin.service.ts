import type { EntityManager } from '@mikro-orm/postgresql';
import { listPage, ListSpec } from '../../db/list-query';
import { ListArgs, Page, SortOrder } from '../../graphql/pagination';
import { Organization } from '../organizations/organization.entity';
import type { OrganizationSummary } from './admin.types';

const ORGANIZATIONS: ListSpec<Organization> = {
  searchFields: ['name'],
  sortable: { createdAt: 'createdAt', updatedAt: 'updatedAt', name: 'name' },
  defaultSort: { field: 'createdAt', order: SortOrder.desc },
  dateField: 'createdAt',
};

/** Platform tools of the super admins: the only code that reads across organizations. */
export class AdminService {
  async organizations(em: EntityManager, args: ListArgs): Promise<Page<OrganizationSummary>> {
    const page = await listPage(em, Organization, args, ORGANIZATIONS, {}, { allTenants: true });
    const ids = page.data.map((o) => o.id);
    const counts: { organization_id: string; n: string }[] = ids.length
      ? await em.getConnection().execute('select organization_id, count(*) as n from users where organization_id in (?) group by organization_id', [ids])
      : [];
    const byId = new Map(counts.map((c) => [c.organization_id, Number(c.n)]));
    return {
      data: page.data.map((o) => ({ id: o.id, name: o.name, createdAt: o.createdAt, userCount: byId.get(o.id) ?? 0 })),
      pagination: page.pagination,
    };
  }
}
