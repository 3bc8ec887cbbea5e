/**
 * How the tables would be placed on distributed PostgreSQL (Citus; docs/deploy.md, "Running on Citus"): every table
 * that carries `organization_id` is distributed by it and colocated with the others, except the few below; every
 * other table of the schema is a reference table (a copy on each node) or stays on the coordinator.
 * test/distribution.spec.ts reads the catalog of a freshly migrated database and holds it to these lists.
 */

/**
 * Tables that carry `organization_id` but keep a key unique across organizations, so they cannot be split by
 * organization: they become reference tables. `users`: an email signs in to one account wherever it is
 * (`users_email_unique`); `organization_phone_numbers`: an inbound call or text finds its organization by the number
 * (`organization_phone_numbers_number_unique`); `mail_outbox`: a platform mail (a super admin's) has no
 * organization, and a distribution column cannot be null (with SMTP_URL set, production writes none). They are
 * small and rarely written.
 */
export const TENANT_REFERENCE_TABLES = ['users', 'organization_phone_numbers', 'mail_outbox'] as const;

/**
 * Foreign keys that point into another organization by design, and so keep their single column: a super admin's
 * session (in the super admin's organization) names the user it impersonates, in the organization being helped
 * (docs/accounts.md). Each must point into a reference table, which Citus allows from any distributed table.
 */
export const CROSS_ORGANIZATION_LINKS = ['sessions_impersonated_user_id_foreign'] as const;

/** Tables without `organization_id` that every node reads: reference tables. */
export const PLATFORM_REFERENCE_TABLES = ['organizations', 'audit_entries'] as const;

/**
 * Tables of the schema that stay local to the coordinator: the migrator's bookkeeping, and the rate-limit
 * counters (an unlogged table, which Citus does not distribute; written by every request, read by none of the
 * tenant queries).
 */
export const COORDINATOR_TABLES = ['mikro_orm_migrations', 'rate_limit_counters'] as const;

/** The distribution column of every distributed table. */
export const DISTRIBUTION_COLUMN = 'organization_id';

/** Is this table, carrying `organization_id`, distributed by it (not a reference table)? */
export function isDistributed(table: string): boolean {
  return !(TENANT_REFERENCE_TABLES as readonly string[]).includes(table);
}

/** The comment on each key the distribution migration (20261230100000) widened or added. */
export const DISTRIBUTION_KEY_COMMENT = 'distribution key (docs/deploy.md, Running on Citus)';

/** The constraints carrying that comment, read from the catalog: `[table, constraint]`. */
export const DISTRIBUTION_KEYS_SQL = `select conrelid::regclass::text as "table", conname as name from pg_constraint
  where connamespace = 'public'::regnamespace and obj_description(oid, 'pg_constraint') = '${DISTRIBUTION_KEY_COMMENT}'`;

/**
 * A schema diff (entities against the database) without the statements that would put back the single-column keys
 * the entities describe: the entities keep `id` as their primary key (MikroORM's identity map and references need
 * one column), the database's keys are wider. `keys` are the marked constraints (DISTRIBUTION_KEYS_SQL).
 */
export function withoutDistributionKeys(statements: string[], keys: { table: string; name: string }[]): string[] {
  const marked = new Set(keys.map((k) => `"${k.table}"|"${k.name}"`));
  const pattern = /^alter table ("[^"]+") (?:drop|add) constraint ("[^"]+")(?: .*)?;$/s;
  return statements.filter((sql) => {
    const m = pattern.exec(sql.trim());
    const oneChange = !/, (?:add|drop|alter) /.test(sql);
    return !(m && oneChange && marked.has(`${m[1]}|${m[2]}`));
  });
}
