import type { EntityManager, EntityName } from '@mikro-orm/core';

export const TENANT_FILTER = 'tenant';

export interface TenantFilterArgs {
  organizationId: string;
}

/**
 * Data-layer tenancy (docs/architecture.md, tenancy layer 3). On by default for every EntityManager. An entity with an
 * `organization` property is scoped to `args.organizationId`; the Organization entity itself to its id.
 * A query of a tenant-owned entity with no organization set throws (MikroORM: "No arguments provided
 * for filter"), so forgetting the scope fails loudly instead of leaking; system code that really must
 * see every tenant says so explicitly with `filters: false`.
 */
export const tenantFilter = {
  name: TENANT_FILTER,
  default: true,
  cond: (
    args: TenantFilterArgs,
    _type: string,
    em: EntityManager,
    _options: unknown,
    entityName: EntityName<object>,
  ) => {
    const meta = em.getMetadata().find(entityName);
    if (meta?.className === 'Organization') return { id: args.organizationId };
    if (meta && 'organization' in meta.properties) return { organization: args.organizationId };
    return {};
  },
};
