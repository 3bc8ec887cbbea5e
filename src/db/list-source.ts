import { AsyncLocalStorage } from 'node:async_hooks';
import type { EntityClass, FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PlainRow, Reads } from './read-path';

/**
 * What a list reads (`listPage`, src/db/list-query.ts), once its parameters are checked: the entity, the
 * conditions, the order and how its rows are read (plain rows with their relations, or entities with `populate`).
 * A streamed export (rest-adapter/list-export.ts) runs the list's own operation to learn it, then streams it.
 */
export interface ListRead<T extends object = object> {
  em: EntityManager;
  entity: EntityClass<T>;
  where: FilterQuery<T>;
  orderBy: unknown;
  plain: boolean;
  reads: Reads<T>;
  populate?: string[];
}

/** Answers the rows of a list read instead of reading a page of them. */
export type ListSource = (read: ListRead) => Promise<(object | PlainRow<object>)[]>;

const sources = new AsyncLocalStorage<{ source: ListSource; taken: boolean }>();

/**
 * Runs `fn` (one execution of a list's operation) with its list read answered by `source`: only the first
 * `listPage` of the run (the root field's; lists that field resolvers read below it are read as usual).
 */
export function withListSource<R>(source: ListSource, fn: () => R): R {
  return sources.run({ source, taken: false }, fn);
}

/** The source of the current run, once: the first list read of the run takes it. */
export function takeListSource(): ListSource | undefined {
  const store = sources.getStore();
  if (!store || store.taken) return undefined;
  store.taken = true;
  return store.source;
}
