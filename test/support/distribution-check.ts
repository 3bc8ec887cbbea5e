import {
  COORDINATOR_TABLES,
  CROSS_ORGANIZATION_LINKS,
  DISTRIBUTION_COLUMN as ORG,
  PLATFORM_REFERENCE_TABLES,
  TENANT_REFERENCE_TABLES,
} from '../../src/db/distribution';

type Sql = <T>(text: string, params?: unknown[]) => Promise<T[]>;

interface Table {
  name: string;
  org: number | null;
  org_nullable: boolean;
}
interface Key {
  table: string;
  name: string;
  kind: string;
  columns: number[];
}
interface Link {
  table: string;
  name: string;
  target: string;
  columns: number[];
  target_columns: number[];
  on_delete: string;
  set_columns: number[] | null;
}

const listed = (list: readonly string[], table: string) => list.includes(table);

/**
 * What keeps the tables of `schema` from being distributed by organization on Citus (docs/deploy.md, "Running on
 * Citus"), read from the catalog: one line per violation, none when the schema is ready. Generic: a table any
 * migration adds is checked the day it lands.
 */
export async function distributionViolations(sql: Sql, schema = 'public'): Promise<string[]> {
  const tables = await sql<Table>(
    `select c.relname as name, a.attnum as org, not a.attnotnull as org_nullable from pg_class c
       left join pg_attribute a on a.attrelid = c.oid and a.attname = '${ORG}' and not a.attisdropped
     where c.relnamespace = $1::regnamespace and c.relkind in ('r', 'p') order by 1`,
    [schema],
  );
  const byName = new Map(tables.map((t) => [t.name, t]));
  const distributed = (name: string) => byName.get(name)?.org != null && !listed(TENANT_REFERENCE_TABLES, name);
  const problems: string[] = [];

  for (const t of tables) {
    if (t.org == null && !listed([...PLATFORM_REFERENCE_TABLES, ...COORDINATOR_TABLES], t.name))
      problems.push(`${t.name}: no ${ORG} and not listed as a reference or coordinator table (src/db/distribution.ts)`);
    if (t.org != null && distributed(t.name) && t.org_nullable)
      problems.push(`${t.name}: ${ORG} may be null; a distribution column cannot`);
  }
  if (schema === 'public') {
    for (const name of [...TENANT_REFERENCE_TABLES, ...PLATFORM_REFERENCE_TABLES, ...COORDINATOR_TABLES])
      if (!byName.has(name)) problems.push(`${name}: listed in src/db/distribution.ts but not in the schema`);
  }

  // primary keys, unique constraints and unique indexes (partial and expression ones too)
  const keys = await sql<Key>(
    `select c.relname as "table", x.relname as name,
        case when i.indisprimary then 'primary key' else 'unique' end as kind, i.indkey::int2[]::int[] as columns
     from pg_index i join pg_class c on c.oid = i.indrelid join pg_class x on x.oid = i.indexrelid
     where c.relnamespace = $1::regnamespace and i.indisunique`,
    [schema],
  );
  for (const k of keys) {
    const t = byName.get(k.table)!;
    if (distributed(k.table) && !k.columns.includes(t.org!))
      problems.push(`${k.table}: ${k.kind} ${k.name} does not include ${ORG}`);
  }
  for (const t of tables)
    if (distributed(t.name) && !keys.some((k) => k.table === t.name && k.kind === 'primary key'))
      problems.push(`${t.name}: no primary key`);

  const links = await sql<Link>(
    `select c.relname as "table", k.conname as name, f.relname as target, k.conkey::int[] as columns,
        k.confkey::int[] as target_columns, k.confdeltype as on_delete, k.confdelsetcols::int[] as set_columns
     from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class f on f.oid = k.confrelid
     where k.contype = 'f' and c.relnamespace = $1::regnamespace`,
    [schema],
  );
  for (const l of links) problems.push(...linkViolations(l, byName.get(l.table)!, byName.get(l.target), distributed));
  return problems;
}

function linkViolations(
  l: Link,
  source: Table,
  target: Table | undefined,
  distributed: (name: string) => boolean,
): string[] {
  const problems: string[] = [];
  if (!distributed(l.table) && target && distributed(l.target))
    problems.push(`${l.table}: ${l.name} points from a table that is not distributed into a distributed one`);
  if (source.org == null || target?.org == null) return problems;
  if ((CROSS_ORGANIZATION_LINKS as readonly string[]).includes(l.name) && !distributed(l.target)) return problems;
  const at = l.columns.indexOf(source.org);
  if (at < 0 || l.target_columns[at] !== target.org) {
    problems.push(`${l.table}: ${l.name} does not pair ${ORG} with ${l.target}.${ORG}`);
  } else if ((l.on_delete === 'n' || l.on_delete === 'd') && (l.set_columns ?? l.columns).includes(source.org)) {
    problems.push(`${l.table}: ${l.name} would set ${ORG} on delete; name the columns: SET NULL (<column>)`);
  }
  return problems;
}
