import { raw, type EntityClass, type FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { fieldsOf, toPlain } from './plain-row-shape';

/**
 * A to-many relation of a row as its field resolver reads it: the rows of `entity` whose `property` points at the
 * parent, in `orderBy` order (then id), the first `limit` of them. One value serves both ways of reading it:
 * `Loaders.many` (one statement per batch of parents) and a column of the parent list's own statement (below).
 */
export interface ToMany<T extends object = object> {
  entity: EntityClass<T>;
  /** The to-one relation of `entity` that points at the parent. */
  property: string;
  orderBy: Record<string, 'asc' | 'desc'>;
  limit: number;
  where?: FilterQuery<T>;
}

/** The same relation read the same way: its rows are shared (aliases with equal arguments). */
export function toManyKey(spec: ToMany): string {
  return `${spec.entity.name}.${spec.property}:${JSON.stringify([spec.orderBy, spec.limit, spec.where ?? null])}`;
}

/** Column types whose JSON would differ from what the driver returns (numeric loses its scale): read as text. */
const AS_TEXT = /^(numeric|decimal|bigint|int8|money)\b/i;

/**
 * `(select coalesce(json_agg(m order by ...), '[]') from (<the first rows of the relation>) m) as "<alias>"`: the
 * relation of each row of a statement over `parentAlias`, as a JSON array of whole rows (column names as keys).
 * The inner SELECT is the ORM's, with the entity's filters (the tenant scope) applied as in `em.find`.
 */
export async function toManyColumn(
  em: EntityManager,
  spec: ToMany,
  parentAlias: string,
  alias: string,
): Promise<string> {
  const meta = em.getMetadata().get(spec.entity.name);
  const quote = (name: string) => em.getPlatform().quoteIdentifier(name);
  const fields = fieldsOf(meta);
  const columns = fields.map(([prop, field]) =>
    AS_TEXT.test(meta.properties[prop as never].columnTypes?.[0] ?? '')
      ? raw(`m.${quote(field)}::text as ${quote(field)}`)
      : `m.${field}`,
  );
  const foreignKey = meta.properties[spec.property as never].fieldNames[0];
  const sub = em
    .createQueryBuilder(spec.entity, 'm')
    .select(columns as never)
    .where((spec.where ?? {}) as never)
    .andWhere(`m.${quote(foreignKey)} = ${quote(parentAlias)}.${quote('id')}`)
    .orderBy([spec.orderBy, { id: 'asc' }] as never)
    .limit(spec.limit);
  await sub.applyFilters();
  const column = (prop: string) => `m.${quote(meta.properties[prop as never].fieldNames[0])}`;
  const order = [...Object.entries(spec.orderBy), ['id', 'asc']]
    .map(([prop, dir]) => `${column(prop)} ${dir === 'desc' ? 'desc' : 'asc'}`)
    .join(', ');
  return `(select coalesce(json_agg(m order by ${order}), '[]'::json) from (${sub.getFormattedQuery()}) as m) as ${quote(alias)}`;
}

/**
 * Maps the JSON rows of a `toManyColumn` to plain rows of the relation's entity (as `Loaders.manyBy` gives them);
 * built once per statement, applied to each parent row's array.
 */
export function toManyRows(em: EntityManager, spec: ToMany): (json: Record<string, unknown>[]) => object[] {
  const meta = em.getMetadata().get(spec.entity.name);
  const comparator = em.getComparator();
  return (json) =>
    json.map((row) => toPlain(comparator.mapResult(meta.className, row) as Record<string, unknown>, meta));
}

const PREFETCHED = Symbol('prefetched');

/** Keeps a relation's rows read by the parent's statement on the parent row (not enumerable, not serialised). */
export function attachToMany(parent: object, key: string, rows: object[]): void {
  let map = (parent as { [PREFETCHED]?: Map<string, object[]> })[PREFETCHED];
  if (!map) {
    map = new Map();
    Object.defineProperty(parent, PREFETCHED, { value: map });
  }
  map.set(key, rows);
}

/** The rows of the relation `key` the parent's statement read, if it did. */
export function prefetchedToMany<T>(parent: object, key: string): T[] | undefined {
  return (parent as { [PREFETCHED]?: Map<string, T[]> })[PREFETCHED]?.get(key);
}
