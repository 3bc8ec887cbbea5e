import type { EntityManager, EntityName, FilterQuery } from '@mikro-orm/postgresql';
import { AppError } from '../../lib/errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One record of the caller's organization (tenant-filtered em), or 404; a malformed id is simply not found. */
export async function findOr404<T extends object>(em: EntityManager, entity: EntityName<T>, id: string, what: string): Promise<T> {
  if (!UUID.test(id)) throw AppError.notFound(what);
  const found = await em.findOne(entity, { id } as FilterQuery<T>);
  if (!found) throw AppError.notFound(what);
  return found;
}
