import { raw, type EntityClass, type FilterQuery } from '@mikro-orm/core';
import type { EntityManager, QueryBuilder } from '@mikro-orm/postgresql';
import { TENANT_FILTER, type TenantFilterArgs } from './tenant-filter';
import { attachToMany, toManyColumn, toManyKey, toManyRows, type ToMany } from './to-many-column';
import { columnsOf, fieldsOf, JOINED, pick, toOneRelations, toPlain } from './plain-row-shape';

export { isJoined } from './plain-row-shape';

/** Relations a plain row statement reads itself, so that their field resolvers need no loader round trip. */
export interface RelatedInStatement {
  /**
   * To-one relations (a LEFT JOIN per relation, with the organization in its condition): each comes back as a
   * whole plain row of its entity instead of `{ id }` (`isJoined`, `Loaders.related`).
   */
  join?: readonly string[];
  /** To-many relations (a JSON column per relation, db/to-many-column.ts), kept on each row for `Loaders.many`. */
  many?: readonly ToMany[];
}

/**
 * Read-only rows for the GraphQL relation loaders (docs/decisions.md, "Plain rows for relation loaders"): the
 * same SELECT, tenant filter and row security as `em.find`, without creating managed entities. A profile of the
 * nested contacts list spent about a quarter of the service's CPU in MikroORM's hydration (EntityFactory, identity
 * map, the per-instance relation propagation) and much of the garbage collector's time on what it allocates.
 *
 * Each row is an object with the entity's prototype (so getters such as `opportunity.stageId` or
 * `invoice.balance` work) and own properties named like the entity's: scalar columns converted as the ORM does,
 * and every to-one relation as `{ id }` (what field resolvers read). Lazy properties (a password hash) are never
 * selected. Nothing here is tracked: a row must not be changed or flushed, and code that needs the ORM's entity
 * (`wrap`, `Reference.load`) must load it with `em.find`.
 */
export async function plainRows<T extends object>(
  em: EntityManager,
  entity: EntityClass<T>,
  where: FilterQuery<T>,
  build: (qb: QueryBuilder<T>) => void = () => undefined,
  related: RelatedInStatement = {},
): Promise<T[]> {
  const { join = [], many = [] } = related;
  const meta = em.getMetadata().get<T>(entity.name);
  const qb = em
    .createQueryBuilder(entity, 'e')
    .select(columnsOf(meta) as never)
    .where(where);
  if (join.length === 0 && many.length === 0) {
    build(qb);
    await qb.applyFilters();
    const rows = (await qb.execute('all', true)) as Record<string, unknown>[];
    return rows.map((row) => toPlain(row, meta) as T);
  }
  // The joined columns are selected as `<relation>__<column>` and mapped here, per entity, by the ORM's own
  // result mapper (MikroORM's joined mapping deletes the aliased keys from every row, which costs more).
  const organizationId = (em.getFilterParams(TENANT_FILTER) as TenantFilterArgs | undefined)?.organizationId;
  const joined = join.map((name) => {
    const target = meta.props.find((p) => p.name === name)?.targetMeta;
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
  build(qb);
  await qb.applyFilters();
  const rows = (await qb.execute('all', false)) as Record<string, unknown>[];
  const comparator = em.getComparator();
  const own = fieldsOf(meta).map(([, field]) => [field, field] as const);
  const kept = joined.map((j) => j.name);
  return rows.map((raw) => {
    const row = comparator.mapResult(meta.className, pick(raw, own)) as Record<string, unknown>;
    for (const { name, target, keys, id } of joined)
      row[name] =
        raw[id] === null || raw[id] === undefined
          ? null
          : Object.defineProperty(
              toPlain(comparator.mapResult(target.className, pick(raw, keys)) as Record<string, unknown>, target),
              JOINED,
              { value: true },
            );
    const plain = toPlain(row, meta, kept) as T;
    for (const { key, column, rowsOf } of toMany)
      attachToMany(plain, key, rowsOf(raw[column] as Record<string, unknown>[]));
    return plain;
  });
}
