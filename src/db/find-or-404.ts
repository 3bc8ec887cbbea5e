import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import type { EntityName, FilterQuery } from '@mikro-orm/core';
import { AppError, ErrorCode } from '../lib/errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface FindOptions {
  populate?: string[];
  /**
   * Lock the row (SELECT ... FOR UPDATE, re-read from the database) for the rest of the caller's
   * transaction, so that a state change (convert, complete, move) happens once however many requests race.
   */
  lock?: boolean;
}

async function find<T extends object>(
  em: EntityManager,
  entity: EntityName<T>,
  id: string,
  options: FindOptions,
): Promise<T | null> {
  if (!UUID.test(id)) return null; // not even a UUID: simply not found, never a database error
  const lock = options.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : {};
  return (await em.findOne(entity, { id } as FilterQuery<T>, {
    populate: options.populate as never,
    ...lock,
  })) as T | null;
}

/**
 * One record of the caller's organization by id, or 404. The em is tenant-scoped, so another
 * organization's id is "not found" too; an id that is not even a UUID is also simply not found.
 */
export async function findOr404<T extends object>(
  em: EntityManager,
  entity: EntityName<T>,
  id: string,
  label: string,
  options: FindOptions = {},
): Promise<T> {
  const found = await find(em, entity, id, options);
  if (!found) throw AppError.notFound(label);
  return found;
}

/**
 * A reference in a body (ownerId, companyId, ...): the record must exist in the caller's organization;
 * otherwise 404 naming the field, exactly as if it did not exist at all.
 */
export async function referenced<T extends object>(
  em: EntityManager,
  entity: EntityName<T>,
  id: string,
  field: string,
  options: FindOptions = {},
): Promise<T> {
  const found = await find(em, entity, id, options);
  if (!found)
    throw new AppError(ErrorCode.NOT_FOUND, `${field} does not name a record of your organization`, [
      { field, message: 'not found' },
    ]);
  return found;
}

export function isUuid(id: string): boolean {
  return UUID.test(id);
}
