import type { EntityManager, Knex } from '@mikro-orm/postgresql';
import { raw, type EntityClass, type FilterQuery } from '@mikro-orm/core';

/**
 * The ids of at most `limit` rows per parent, as a sub-query for `{ id: { $in: ... } }`: the rows matching
 * `where` are ranked within each value of the `property` foreign key in `orderBy` order, and the first
 * `limit` of each kept. The ranking applies the request's filters (the tenant scope) like any query.
 * Wrapped in an object: a knex builder is thenable, and returning it from an async function would run it.
 */
export async function firstPerParent<T extends object>(
  em: EntityManager,
  entity: EntityClass<T>,
  property: keyof T & string,
  where: FilterQuery<T>,
  orderBy: Record<string, 'asc' | 'desc'>,
  limit: number,
): Promise<{ ids: Knex.QueryBuilder }> {
  const meta = em.getMetadata().get(entity.name);
  const column = (prop: string) =>
    `r.${em.getPlatform().quoteIdentifier(meta.properties[prop as keyof T & string].fieldNames[0])}`;
  const order = Object.entries(orderBy)
    .map(([prop, dir]) => `${column(prop)} ${dir === 'desc' ? 'desc' : 'asc'}`)
    .join(', ');
  const ranked = em
    .createQueryBuilder(entity, 'r')
    .select(['id', raw(`row_number() over (partition by ${column(property)} order by ${order}) as rn`)])
    .where(where);
  await ranked.applyFilters();
  return { ids: em.getKnex().select('id').from(ranked.getKnexQuery().as('ranked')).where('rn', '<=', limit) };
}
