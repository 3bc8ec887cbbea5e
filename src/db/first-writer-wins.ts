import { UniqueConstraintViolationException } from '@mikro-orm/core';

/**
 * Runs a write that several processes may race to make (a default row created on first use, a job's
 * once-only task): when a unique index says another writer was first, that writer's row stands and this
 * one answers `undefined` instead of failing. Anything else is thrown as usual.
 */
export async function firstWriterWins<T>(write: () => Promise<T>): Promise<T | undefined> {
  try {
    return await write();
  } catch (e) {
    if (e instanceof UniqueConstraintViolationException) return undefined;
    throw e;
  }
}
