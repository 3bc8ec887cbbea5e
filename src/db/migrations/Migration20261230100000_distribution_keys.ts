import { Migration } from '@mikro-orm/migrations';
import {
  DISTRIBUTION_COLUMN as ORG,
  DISTRIBUTION_KEY_COMMENT,
  TENANT_REFERENCE_TABLES,
  CROSS_ORGANIZATION_LINKS,
  isDistributed,
} from '../distribution';

/**
 * Issue 33, part 4: a schema that distributed PostgreSQL (Citus) can split by organization (docs/deploy.md,
 * "Running on Citus"). Citus wants the distribution column in the primary key and in every unique constraint of a
 * distributed table, and in every foreign key between two of them. Read from the catalog, so that every tenant
 * table the earlier migrations created is covered, whichever module it belongs to:
 * - a distributed table's primary key `(id)` becomes `(id, organization_id)`: `id` first, so that the key's index
 *   still serves a lookup by id alone; the entities keep `id` as their primary key;
 * - its unique constraints not naming `organization_id` take it as their last column, under the same name (the
 *   modules' `conflicts` map names to messages);
 * - a reference table that carries `organization_id` (`TENANT_REFERENCE_TABLES`) keeps its keys and gets a unique
 *   `(id, organization_id)`, the target of the foreign keys below;
 * - every foreign key between two tables that carry `organization_id` becomes `(organization_id, x_id)` referencing
 *   `(organization_id, id)`, under the same name: a row can only point into its own organization. `ON DELETE SET
 *   NULL` becomes `SET NULL (x_id)` (PostgreSQL 15), so that the row keeps its organization; `ON UPDATE CASCADE`
 *   goes (ids never change, and Citus refuses a cascading update of the distribution column); except the links
 *   that point into another organization by design (`CROSS_ORGANIZATION_LINKS`: into a reference table);
 * test/distribution.spec.ts holds every later migration to the same rules. No `down`: the keys it replaced are read
 * from the catalog as they were, and a release that needs them back restores a backup (docs/deploy.md, "Backups").
 */
export class Migration20261230100000_distribution_keys extends Migration {
  override async up(): Promise<void> {
    const links = ((await this.execute(LINKS_BETWEEN_TENANT_TABLES)) as Link[]).filter(
      (l) => !(CROSS_ORGANIZATION_LINKS as readonly string[]).includes(l.name),
    );
    const changed: { table: string; name: string }[] = [];
    for (const l of links) this.addSql(`alter table ${q(l.source)} drop constraint ${q(l.name)};`);
    for (const { source, name } of await this.execute(PRIMARY_KEYS_WITHOUT_ORG)) {
      if (!isDistributed(source)) continue;
      this.addSql(
        `alter table ${q(source)} drop constraint ${q(name)}, add constraint ${q(name)} primary key ("id", ${q(ORG)});`,
      );
      changed.push({ table: source, name });
    }
    for (const { source, name, columns } of await this.execute(UNIQUE_WITHOUT_ORG)) {
      if (!isDistributed(source)) continue;
      const key = [...columns, ORG].map(q).join(', ');
      this.addSql(`alter table ${q(source)} drop constraint ${q(name)}, add constraint ${q(name)} unique (${key});`);
      changed.push({ table: source, name });
    }
    for (const table of TENANT_REFERENCE_TABLES) {
      const name = `${table}_id_${ORG}_unique`;
      this.addSql(`alter table ${q(table)} add constraint ${q(name)} unique ("id", ${q(ORG)});`);
      changed.push({ table, name });
    }
    for (const l of links) this.addSql(compositeForeignKey(l));
    // marked, so that the entity-to-database comparison (the schema test, `npm run migration:create`) can tell these
    // keys from a drift: the entities keep `id` as their primary key and describe single-column foreign keys
    for (const c of [...changed, ...links.map((l) => ({ table: l.source, name: l.name }))]) {
      this.addSql(`comment on constraint ${q(c.name)} on ${q(c.table)} is '${DISTRIBUTION_KEY_COMMENT}';`);
    }
  }
}

interface Link {
  name: string;
  source: string;
  target: string;
  columns: string[];
  targetColumns: string[];
  onDelete: string;
}

const q = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

const DELETE_RULES: Record<string, string> = {
  a: 'no action',
  r: 'restrict',
  c: 'cascade',
  n: 'set null',
  d: 'set default',
};

export function compositeForeignKey(l: Link): string {
  const rule = DELETE_RULES[l.onDelete];
  // SET NULL and SET DEFAULT name the columns they change, so organization_id is never nulled
  const onDelete = l.onDelete === 'n' || l.onDelete === 'd' ? `${rule} (${l.columns.map(q).join(', ')})` : rule;
  return (
    `alter table ${q(l.source)} add constraint ${q(l.name)} foreign key (${[ORG, ...l.columns].map(q).join(', ')}) ` +
    `references ${q(l.target)} (${[ORG, ...l.targetColumns].map(q).join(', ')}) on delete ${onDelete};`
  );
}

/** Tables of the public schema that carry organization_id. */
const TENANT_TABLES = `select c.oid from pg_class c
  where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
    and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = '${ORG}' and not a.attisdropped)`;

/** Does the constraint `k`'s key (conkey) name organization_id? */
const NAMES_ORG = `exists (select 1 from pg_attribute a where a.attrelid = k.conrelid and a.attname = '${ORG}' and a.attnum = any (k.conkey))`;

const columnNames = (relation: string, keys: string) =>
  `array(select a.attname::text from unnest(${keys}) with ordinality as u(n, i)
          join pg_attribute a on a.attrelid = ${relation} and a.attnum = u.n order by u.i)`;

const LINKS_BETWEEN_TENANT_TABLES = `select k.conname as name, k.conrelid::regclass::text as source,
    k.confrelid::regclass::text as target, ${columnNames('k.conrelid', 'k.conkey')} as columns,
    ${columnNames('k.confrelid', 'k.confkey')} as "targetColumns", k.confdeltype as "onDelete"
  from pg_constraint k
  where k.contype = 'f' and k.conrelid in (${TENANT_TABLES}) and k.confrelid in (${TENANT_TABLES}) and not ${NAMES_ORG}
  order by 1`;

const PRIMARY_KEYS_WITHOUT_ORG = `select k.conrelid::regclass::text as source, k.conname as name from pg_constraint k
  where k.contype = 'p' and k.conrelid in (${TENANT_TABLES}) and not ${NAMES_ORG} order by 1`;

const UNIQUE_WITHOUT_ORG = `select k.conname as name, k.conrelid::regclass::text as source,
    ${columnNames('k.conrelid', 'k.conkey')} as columns
  from pg_constraint k where k.contype = 'u' and k.conrelid in (${TENANT_TABLES}) and not ${NAMES_ORG} order by 1`;
