/**
 * The tenant, as the layers below the modules know it. The accounts module's `Organization` entity (table
 * `organizations`) is the tenant; entities of the data, event and mail layers name it by its entity name
 * and type it by this shape, so that no lower layer imports a module (docs/architecture.md).
 */
export const TENANT_ENTITY = 'Organization';

export interface TenantRoot {
  id: string;
}
