import { raw, type EntityClass, type EntityMetadata, type FilterQuery, type Reference } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { TENANT_FILTER, type TenantFilterArgs } from '../tenant-filter';
import { attachToMany, toManyColumn, toManyKey, toManyRows, type ToMany } from './to-many-column';
import { columnsOf, fieldsOf, JOINED, pick, toOneRelations, toPlain } from './plain-row-shape';
import { bind, inputOf, Statement, Template, templateOf, withPlaceholders } from './compiled-statement';
import { BoundedMap } from '../../lib/bounded-map';
import type { PlainRow } from './plain-row';

export { isJoined } from './plain-row-shape';

/** The names of the to-one relations of `T`. */
export type ToOne<T> = { [K in keyof T]-?: NonNullable<T[K]> extends Reference<object> ? K : never }[keyof T] & string;

/**
 * Which relations of each row the caller will read (a service's callers say it in these terms; how they are read
 * is the read path's choice): the statement of the rows reads them itself, so their field resolvers need no
 * loader round trip.
 */
export interface Reads<T> {
  /**
   * To-one relations read whole: a LEFT JOIN per relation, with the organization in its condition; each comes back
   * as a whole plain row of its entity instead of `{ id }` (`isJoined`, `Loaders.related`).
   */
  one?: readonly ToOne<T>[];
  /** To-many relations, as their fields describe them (a JSON column each, to-many-column.ts), for `Loaders.many`. */
  many?: readonly ToMany[];
}

/** Order and window of a plain row statement; `count`: the number of matching rows instead of the rows. */
export interface RowsPage {
  orderBy?: unknown;
  limit?: number;
  offset?: number;
  count?: boolean;
}

/**
 * How a statement's raw rows become plain rows: the joined relations' columns and the to-many JSON columns; with
 * either, `own` lists the entity's own columns (only those go through its mapper). Built with the statement.
 */
interface RowShape {
  joined: { name: string; target: EntityMetadata; keys: (readonly [string, string])[]; id: string }[];
  toMany: { key: string; column: string; rowsOf: (json: Record<string, unknown>[]) => object[] }[];
  kept: string[];
  own: (readonly [string, string])[] | null;
}

/**
 * Builds the statement with MikroORM's QueryBuilder: the entity's columns, `where`, the joins and to-many columns
 * of `related`, the order and window, then the entity's filters (the tenant scope) as `em.find` applies them.
 */
async function build<T extends object>(
  em: EntityManager,
  meta: EntityMetadata<T>,
  where: FilterQuery<T>,
  page: RowsPage,
  related: Reads<T>,
  organizationId: string | undefined,
): Promise<{ statement: Statement; shape: RowShape }> {
  const { one: join = [], many = [] } = related;
  const qb = em.createQueryBuilder(meta.class as EntityClass<T>, 'e');
  if (page.count) qb.count();
  else qb.select(columnsOf(meta) as never);
  qb.where(where);
  // The joined columns are selected as `<relation>__<column>` and mapped per entity by the ORM's own result
  // mapper (MikroORM's joined mapping deletes the aliased keys from every row, which costs more).
  const joined = join.map((name) => {
    const target = meta.props.find((p) => (p.name as string) === name)?.targetMeta;
    if (!target || !toOneRelations(meta).includes(name))
      throw new Error(`${meta.className}.${name} is not a to-one relation`);
    const fields = fieldsOf(target);
    qb.leftJoin(`e.${name}`, name, organizationId ? { organization: organizationId } : {});
    qb.addSelect(fields.map(([, field]) => `${name}.${field} as ${name}__${field}`)); // columns: `as` maps no property
    return { name, target, keys: fields.map(([, field]) => [field, `${name}__${field}`] as const), id: `${name}__id` };
  });
  const toMany = await Promise.all(
    many.map(async (spec, i) => {
      qb.addSelect(raw(await toManyColumn(em, spec, 'e', `many__${i}`)));
      return { key: toManyKey(spec), column: `many__${i}`, rowsOf: toManyRows(em, spec) };
    }),
  );
  if (page.orderBy !== undefined) qb.orderBy(page.orderBy as never);
  if (page.limit !== undefined) qb.limit(page.limit);
  if (page.offset !== undefined) qb.offset(page.offset);
  await qb.applyFilters();
  const { sql, bindings } = qb.toQuery()._sql;
  const own = joined.length || toMany.length ? fieldsOf(meta).map(([, field]) => [field, field] as const) : null;
  return { statement: { sql, bindings }, shape: { joined, toMany, kept: joined.map((j) => j.name), own } };
}

/** Compiled shapes per ORM (its metadata); `null` remembers a shape that does not compile. */
const compiled = new WeakMap<object, BoundedMap<string, { template: Template; shape: RowShape } | null>>();
const MAX_SHAPES = 2000;

/**
 * The statement of a request: from its shape's template (compiled-statement.ts) when the shape compiles, else
 * built for this request. The key holds the organization, the entity, the order and the relations read, and
 * the shape of `where`, limit and offset, whose values are the request's.
 */
async function statementOf<T extends object>(
  em: EntityManager,
  meta: EntityMetadata<T>,
  where: FilterQuery<T>,
  page: RowsPage,
  related: Reads<T>,
): Promise<{ statement: Statement; shape: RowShape }> {
  const organizationId = (em.getFilterParams(TENANT_FILTER) as TenantFilterArgs | undefined)?.organizationId;
  const { orderBy, count } = page;
  const values = [where, page.limit ?? null, page.offset ?? null] as const; // the request's values, with their shape
  const input = inputOf(values);
  const direct = () => build(em, meta, where, page, related, organizationId);
  if (!input) return direct();
  let cache = compiled.get(em.getMetadata());
  if (!cache) compiled.set(em.getMetadata(), (cache = new BoundedMap(MAX_SHAPES)));
  const key = JSON.stringify([
    meta.className,
    organizationId ?? null,
    count ? 'count' : 'rows',
    orderBy ?? null,
    related.one ?? [],
    (related.many ?? []).map(toManyKey),
    input.shape,
  ]);
  let entry = cache.get(key);
  if (entry === undefined) {
    const [w, limit, offset] = withPlaceholders(values);
    const built = await build(
      em,
      meta,
      w as FilterQuery<T>,
      { orderBy, count, limit: limit ?? undefined, offset: offset ?? undefined },
      related,
      organizationId,
    );
    const template = templateOf(built.statement, input.values.length);
    entry = template ? { template, shape: built.shape } : null;
    cache.set(key, entry);
  }
  if (!entry) return direct();
  return { statement: bind(entry.template, input.values), shape: entry.shape };
}

const run = (em: EntityManager, statement: Statement) =>
  em.execute(statement.sql, statement.bindings as unknown[], 'all') as Promise<Record<string, unknown>[]>;

/** The number of rows `where` matches (what `em.count` answers), by a statement compiled like the rows'. */
export async function plainCount<T extends object>(
  em: EntityManager,
  entity: EntityClass<T>,
  where: FilterQuery<T>,
): Promise<number> {
  const meta = em.getMetadata().get<T>(entity.name);
  const { statement } = await statementOf(em, meta, where, { count: true }, {});
  const [row] = await run(em, statement);
  return Number(row.count);
}

/** How many statement shapes this ORM has compiled, and how many it builds per request (what the tests observe). */
export function compiledShapes(em: EntityManager): { compiled: number; notCompiled: number } {
  const cache = compiled.get(em.getMetadata());
  const entries = cache ? [...cache.values()] : [];
  return { compiled: entries.filter(Boolean).length, notCompiled: entries.filter((e) => e === null).length };
}

/** What `plainRows` and `plainRowReader` take: the entity's rows `where` matches, their order and window, what is read. */
type RowsOf<T extends object> = [
  em: EntityManager,
  entity: EntityClass<T>,
  where: FilterQuery<T>,
  page?: RowsPage,
  related?: Reads<T>,
];

/**
 * Read-only rows for the GraphQL relation loaders and lists (docs/decisions.md, "Plain rows for lists and
 * relation loaders"; docs/architecture.md, "The read path"): the same SELECT, tenant filter and row security as `em.find`, without creating managed entities. A
 * profile of the nested contacts list spent about a quarter of the service's CPU in MikroORM's hydration
 * (EntityFactory, identity map, the per-instance relation propagation) and much of the garbage collector's time on
 * what it allocates; the statement itself is compiled once per shape (`statementOf`).
 *
 * Each row is an object with the entity's prototype (so getters such as `opportunity.stageId` or
 * `invoice.balance` work) and own properties named like the entity's: scalar columns converted as the ORM does,
 * and every to-one relation as `{ id }` (what field resolvers read), or the whole row when joined. Lazy properties
 * (a password hash) are never selected. Nothing here is tracked: typed `PlainRow<T>` (plain-row.ts), a row cannot
 * be changed, and code that needs the ORM's entity (`wrap`, `Reference.load`) must load it with `em.find`.
 */
export async function plainRows<T extends object>(...args: RowsOf<T>): Promise<PlainRow<T>[]> {
  const { statement, toRow } = await plainRowReader(...args);
  const rows = await run(args[0], statement);
  return rows.map(toRow);
}

/**
 * The statement of `plainRows` and how each of its raw rows becomes a plain row, for a caller that reads the rows
 * itself: a streamed export runs it with a cursor (db/row-stream.ts) and maps row by row.
 */
export async function plainRowReader<T extends object>(
  ...[em, entity, where, page = {}, related = {}]: RowsOf<T>
): Promise<{ statement: Statement; toRow(raw: Record<string, unknown>): PlainRow<T> }> {
  const meta = em.getMetadata().get<T>(entity.name);
  const { statement, shape } = await statementOf(em, meta, where, page, related);
  const comparator = em.getComparator();
  const { kept, own } = shape;
  const toRow = (raw: Record<string, unknown>): PlainRow<T> => {
    const row = comparator.mapResult(meta.className, own ? pick(raw, own) : raw) as Record<string, unknown>;
    for (const { name, target, keys, id } of shape.joined)
      row[name] =
        raw[id] === null || raw[id] === undefined
          ? null
          : Object.defineProperty(
              toPlain(comparator.mapResult(target.className, pick(raw, keys)) as Record<string, unknown>, target),
              JOINED,
              { value: true },
            );
    const plain = toPlain(row, meta, kept) as PlainRow<T>;
    for (const { key, column, rowsOf } of shape.toMany)
      attachToMany(plain, key, rowsOf(raw[column] as Record<string, unknown>[]));
    return plain;
  };
  return { statement, toRow };
}
