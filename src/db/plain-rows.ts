import { ReferenceKind, type EntityClass, type EntityMetadata, type FilterQuery } from '@mikro-orm/core';
import type { EntityManager, QueryBuilder } from '@mikro-orm/postgresql';
import { TENANT_FILTER, type TenantFilterArgs } from './tenant-filter';

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
  /**
   * To-one relations read in the same statement (a LEFT JOIN per relation, with the organization in its
   * condition): each comes back as a whole plain row of its entity instead of `{ id }` (`isJoined`), so its
   * field resolver needs no loader round trip (`Loaders.related`).
   */
  join: readonly string[] = [],
): Promise<T[]> {
  const meta = em.getMetadata().get<T>(entity.name);
  const qb = em
    .createQueryBuilder(entity, 'e')
    .select(columnsOf(meta) as never)
    .where(where);
  if (join.length === 0) {
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
    return toPlain(row, meta, kept) as T;
  });
}

/** `{ [to]: raw[from] }` for each pair. */
function pick(raw: Record<string, unknown>, pairs: readonly (readonly [string, string])[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [to, from] of pairs) out[to] = raw[from];
  return out;
}

const JOINED = Symbol('joined');

/** Whether a to-one relation of a plain row is the whole related row, read by the parent's statement (`join`). */
export function isJoined(value: object): boolean {
  return (value as { [JOINED]?: boolean })[JOINED] === true;
}

/** A mapped row as a plain row of its entity: to-one relations as `{ id }` (except those already joined). */
function toPlain(row: Record<string, unknown>, meta: EntityMetadata, keep: string[] = []): object {
  for (const name of toOneRelations(meta)) {
    if (keep.includes(name)) continue;
    const value = row[name];
    row[name] = value === null || value === undefined ? null : { id: value };
  }
  return Object.setPrototypeOf(row, meta.prototype);
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

const fieldsCache = new WeakMap<object, [string, string][]>();

/** [property, column] of each selected (non-lazy, single-column) property. */
function fieldsOf<T>(meta: EntityMetadata<T>): [string, string][] {
  let list = fieldsCache.get(meta);
  if (!list) {
    const selected = new Set(columnsOf(meta));
    list = meta.props
      .filter((p) => selected.has(p.name as string))
      .map((p) => {
        if (p.fieldNames.length !== 1)
          throw new Error(`${meta.className}.${p.name} has ${p.fieldNames.length} columns`);
        return [p.name as string, p.fieldNames[0]] as [string, string];
      });
    fieldsCache.set(meta, list);
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
