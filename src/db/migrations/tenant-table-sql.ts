/** SQL pieces the migrations that create tenant tables share (not a migration: index.ts lists those). */

/** The columns every tenant table starts with (BaseEntity and TenantEntity). */
export const COMMON = `"id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organization_id" uuid not null`;

/** A tenant table's organization key, its index and row-level security. */
export const TENANT = (table: string) => [
  `alter table "${table}" add constraint "${table}_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
  `create index "${table}_organization_id_index" on "${table}" ("organization_id");`,
  `select enable_tenant_rls('${table}');`,
];

/** A foreign key named as MikroORM names it. */
export const fk = (table: string, column: string, target: string, rule: 'cascade' | 'set null') =>
  `alter table "${table}" add constraint "${table}_${column}_foreign" foreign key ("${column}") references "${target}" ("id") on update cascade on delete ${rule};`;
