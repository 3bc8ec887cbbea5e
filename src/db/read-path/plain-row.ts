import type { Collection, Reference } from '@mikro-orm/core';

/**
 * The type of a plain row of the entity `T` (docs/architecture.md, "The read path"): what `plainRows`, a
 * `plain` list page and the plain row loaders give. It is not an entity, and its type says so:
 * - scalar properties and getters of `T` are there, read-only (a plain row is never changed or flushed);
 * - a to-one relation is `{ readonly id: string }` (or null): no `isInitialized()`, `load()`, `unwrap()`, and
 *   no property of the related row (when the statement joined it, `Loaders.related` hands it on as a row);
 * - methods and to-many collections are absent.
 * An entity is assignable to `PlainRow<T>`, so a field resolver whose root is `PlainRow<T>` serves both; a
 * plain row is not assignable to `T`, so it cannot reach code that needs the ORM's entity.
 */
export type PlainRow<T> = { readonly [K in keyof T as Kept<T, K>]: PlainValue<T[K]> };

/** String keys whose values are not methods or collections. */
type Kept<T, K extends keyof T> = K extends string ? (Dropped<NonNullable<T[K]>> extends true ? never : K) : never;

type Dropped<V> = V extends (...args: never[]) => unknown ? true : V extends Collection<object> ? true : false;

type PlainValue<V> = V extends Date
  ? Date
  : V extends Reference<object>
    ? { readonly id: string }
    : V extends readonly (infer U)[]
      ? readonly PlainValue<U>[]
      : V extends { id: string }
        ? { readonly id: string }
        : V extends object
          ? Readonly<V>
          : V;
