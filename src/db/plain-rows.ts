import { ReferenceKind, type EntityClass, type EntityMetadata, type FilterQuery } from '@mikro-orm/core';
import type { EntityManager, QueryBuilder } from '@mikro-orm/postgresql';

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
): Promise<T[]> {
  const meta = em.getMetadata().get<T>(entity.name);
  const qb = em
    .createQueryBuilder(entity, 'e')
    .select(columnsOf(meta) as never)
    .where(where);
  build(qb);
  await qb.applyFilters();
  const rows = (await qb.execute('all', true)) as Record<string, unknown>[];
  const relations = toOneRelations(meta);
  return rows.map((row) => {
    for (const name of relations) {
      const value = row[name];
      row[name] = value === null || value === undefined ? null : { id: value };
    }
    return Object.setPrototypeOf(row, meta.prototype) as T;
  });
}

const columns = new WeakMap<object, string[]>();
const relationsOf = new WeakMap<object, string[]>();

const selectable = (kind: ReferenceKind) =>
  kind === ReferenceKind.SCALAR ||
  kind === ReferenceKind.EMBEDDED ||
  kind === ReferenceKind.MANY_TO_ONE ||
  kind === ReferenceKind.ONE_TO_ONE;

function columnsOf<T>(meta: EntityMetadata<T>): string[] {
  let list = columns.get(meta);
  if (!list) {
    list = meta.props
      .filter((p) => selectable(p.kind) && !p.lazy && p.persist !== false && !p.formula && p.fieldNames?.length)
      .filter((p) => p.kind !== ReferenceKind.ONE_TO_ONE || p.owner)
      .map((p) => p.name as string);
    columns.set(meta, list);
  }
  return list;
}

function toOneRelations<T>(meta: EntityMetadata<T>): string[] {
  let list = relationsOf.get(meta);
  if (!list) {
    list = meta.props
      .filter((p) => p.kind === ReferenceKind.MANY_TO_ONE || (p.kind === ReferenceKind.ONE_TO_ONE && p.owner))
      .map((p) => p.name as string);
    relationsOf.set(meta, list);
  }
  return list;
}
