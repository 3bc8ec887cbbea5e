import DataLoader from 'dataloader';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EntityClass, FilterQuery } from '@mikro-orm/core';
import { AppError, ErrorCode } from '../lib/errors';
import {
  firstPerParent,
  isJoined,
  plainRows,
  prefetchedToMany,
  toManyKey,
  type PlainRow,
  type ToMany,
} from '../db/read-path';

/** How `manyBy` reads a relation. */
export interface ManyOptions<T> {
  where?: FilterQuery<T>;
  orderBy?: Record<string, 'asc' | 'desc'>;
  populate?: string[];
  limit?: number;
  /** Read-only plain rows (db/read-path) instead of entities; not with `populate`. */
  plain?: boolean;
}

/**
 * Per-request DataLoaders (docs/architecture.md: no N+1 field resolvers). Built once per context over the request's
 * tenant-scoped EntityManager, so a batch can only ever find the caller's organization's rows. Two
 * generic shapes cover every relation: `byId` for to-one (contact.company, contact.owner, lead.contact)
 * and `manyBy` for to-many through a foreign key (company.contacts). Each distinct key set of one tick is
 * one SQL statement, whatever the number of parent rows. Past the request's deadline (http/deadline.ts) no
 * new batch starts.
 */
export class Loaders {
  private readonly cache = new Map<string, DataLoader<string, unknown>>();

  constructor(
    private readonly em: EntityManager,
    private readonly deadline?: number,
  ) {}

  byId<T extends { id: string }>(entity: EntityClass<T>, populate: string[] = []): DataLoader<string, T | null> {
    return this.loader(`id:${entity.name}:${populate.join(',')}`, async (ids) => {
      const rows = await this.em.find(entity, { id: { $in: [...ids] } } as unknown as FilterQuery<T>, {
        populate: populate as never,
      });
      return inKeyOrder(ids, rows);
    });
  }

  /**
   * A to-one relation of a row: the related row itself when the parent's statement already read it (plain rows
   * with `join`), else through `rowsById`, batched with the other rows of the tick.
   */
  related<T extends { id: string }>(
    entity: EntityClass<T>,
    value: { readonly id: string } | null | undefined,
  ): PlainRow<T> | Promise<PlainRow<T> | null> | null {
    if (!value) return null;
    return isJoined(value) ? (value as PlainRow<T>) : this.rowsById(entity).load(value.id);
  }

  /**
   * Like `byId`, as read-only plain rows (db/read-path: no entity hydration). For types whose field resolvers
   * read only ids and getters (User, Company, Opportunity); a batch is the same one statement.
   */
  rowsById<T extends { id: string }>(entity: EntityClass<T>): DataLoader<string, PlainRow<T> | null> {
    return this.loader(`rows:${entity.name}`, async (ids) => {
      return inKeyOrder(ids, await plainRows(this.em, entity, { id: { $in: [...ids] } } as unknown as FilterQuery<T>));
    });
  }

  /**
   * Rows whose `property` (a to-one relation) points at each key, in `orderBy` order; with `limit`, at most that
   * many per key, cut in the database (`row_number() over (partition by ...)`, `firstPerParent`) so that a
   * parent with 20,000 children loads `limit` of them, still in one statement for the whole batch.
   */
  manyBy<T extends object>(
    entity: EntityClass<T>,
    property: keyof T & string,
    options: ManyOptions<T> & { plain: true },
  ): DataLoader<string, PlainRow<T>[]>;
  manyBy<T extends object>(
    entity: EntityClass<T>,
    property: keyof T & string,
    options?: ManyOptions<T> & { plain?: false },
  ): DataLoader<string, T[]>;
  manyBy<T extends object>(
    entity: EntityClass<T>,
    property: keyof T & string,
    options: ManyOptions<T> = {},
  ): DataLoader<string, (T | PlainRow<T>)[]> {
    return this.loader(`many:${entity.name}:${property}:${JSON.stringify(options)}`, async (keys) => {
      const where = { $and: [{ [property]: { $in: [...keys] } }, options.where ?? {}] } as FilterQuery<T>;
      const orderBy = { ...options.orderBy, id: 'asc' as const };
      const capped =
        options.limit === undefined
          ? where
          : ({
              id: { $in: (await firstPerParent(this.em, entity, property, where, orderBy, options.limit)).ids },
            } as unknown as FilterQuery<T>);
      const order = [options.orderBy ?? {}, { id: 'asc' }] as never;
      const rows: (T | PlainRow<T>)[] = options.plain
        ? await plainRows(this.em, entity, capped, { orderBy: order })
        : ((await this.em.find(entity, capped, {
            orderBy: order,
            populate: (options.populate ?? []) as never,
          })) as T[]);
      const groups = new Map<string, (T | PlainRow<T>)[]>(keys.map((k) => [k, []]));
      for (const row of rows) {
        const ref = (row as Record<string, unknown>)[property] as { id: string } | null;
        if (ref) groups.get(ref.id)?.push(row);
      }
      return keys.map((k) => groups.get(k) ?? []);
    });
  }

  /**
   * A to-many relation of a row: the rows the parent's statement read (a list with `related.many`,
   * graphql/prefetch.ts), else through `manyBy` as plain rows, batched with the other parents of the tick.
   */
  many<T extends object>(parent: { readonly id: string }, spec: ToMany<T>): PlainRow<T>[] | Promise<PlainRow<T>[]> {
    const { entity, property, orderBy, limit, where } = spec;
    return (
      prefetchedToMany<PlainRow<T>>(parent, toManyKey(spec as ToMany)) ??
      this.manyBy(entity, property as keyof T & string, { orderBy, limit, where, plain: true }).load(parent.id)
    );
  }

  /** A loader with its own batch function (one per `key` and request), for what is not a plain relation. */
  custom<V>(key: string, batch: (keys: readonly string[]) => Promise<V[]>): DataLoader<string, V> {
    return this.loader(`custom:${key}`, batch);
  }

  private loader<V>(key: string, batch: (keys: readonly string[]) => Promise<V[]>): DataLoader<string, V> {
    let l = this.cache.get(key) as DataLoader<string, V> | undefined;
    if (!l) {
      l = new DataLoader<string, V>(async (keys) => {
        if (this.deadline !== undefined && Date.now() > this.deadline)
          throw new AppError(ErrorCode.REQUEST_TIMEOUT, 'The request ran past its deadline');
        return batch(keys);
      });
      this.cache.set(key, l as DataLoader<string, unknown>);
    }
    return l;
  }
}

/** A batch's answer: the row of each requested id, in the order asked, null where none was found. */
function inKeyOrder<T extends object>(ids: readonly string[], rows: T[]): (T | null)[] {
  const byId = new Map(rows.map((r) => [(r as { readonly id?: string }).id, r]));
  return ids.map((id) => byId.get(id) ?? null);
}
