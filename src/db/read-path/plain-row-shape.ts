import { ReferenceKind, type EntityMetadata } from '@mikro-orm/core';

/**
 * The shape of plain rows (plain-rows.ts): which columns an entity's plain row reads, and how a mapped row
 * becomes one (the entity's prototype, to-one relations as `{ id }` or as the whole joined row).
 */

/** `{ [to]: raw[from] }` for each pair. */
export function pick(
  raw: Record<string, unknown>,
  pairs: readonly (readonly [string, string])[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [to, from] of pairs) out[to] = raw[from];
  return out;
}

export const JOINED = Symbol('joined');

/** Whether a to-one relation of a plain row is the whole related row, read by the parent's statement (`join`). */
export function isJoined(value: object): boolean {
  return (value as { [JOINED]?: boolean })[JOINED] === true;
}

/** A mapped row as a plain row of its entity: to-one relations as `{ id }` (except those already joined). */
export function toPlain(row: Record<string, unknown>, meta: EntityMetadata, keep: string[] = []): object {
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

export function columnsOf<T>(meta: EntityMetadata<T>): string[] {
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
export function fieldsOf<T>(meta: EntityMetadata<T>): [string, string][] {
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

export function toOneRelations<T>(meta: EntityMetadata<T>): string[] {
  let list = relationsOf.get(meta);
  if (!list) {
    list = meta.props
      .filter((p) => p.kind === ReferenceKind.MANY_TO_ONE || (p.kind === ReferenceKind.ONE_TO_ONE && p.owner))
      .map((p) => p.name as string);
    relationsOf.set(meta, list);
  }
  return list;
}
