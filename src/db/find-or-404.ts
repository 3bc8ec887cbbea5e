import type { EntityManager } from '@mikro-orm/postgresql';
import type { EntityName, FilterQuery } from '@mikro-orm/core';
import { AppError, ErrorCode } from '../lib/errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One record of the caller's organization by id, or 404. The em is tenant-scoped, so another
 * organization's id is "not found" too; an id that is not even a UUID is also simply not found.
 */
export async function findOr404<T extends object>(em: EntityManager, entity: EntityName<T>, id: string, label: string, populate?: string[]): Promise<T> {
  const found = UUID.test(id) ? await em.findOne(entity, { id } as FilterQuery<T>, { populate: populate as never }) : null;
  if (!found) throw AppError.notFound(label);
  return found as T;
}

/**
 * A reference in a body (ownerId, companyId, ...): the record must exist in the caller's organization;
 * otherwise 404 naming the field, exactly as if it did not exist at all.
 */
export async function referenced<T extends object>(em: EntityManager, entity: EntityName<T>, id: string, field: string): Promise<T> {
  const found = UUID.test(id) ? await em.findOne(entity, { id } as FilterQuery<T>) : null;
  if (!found) throw new AppError(ErrorCode.NOT_FOUND, `${field} does not name a record of your organization`, [{ field, message: 'not found' }]);
  return found as T;
}

export function isUuid(id: string): boolean {
  return UUID.test(id);
}
