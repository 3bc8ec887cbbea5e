/**
 * Statements compiled once per shape (docs/decisions.md, "Compiled plain-row statements"). Building a SELECT with
 * MikroORM's QueryBuilder and knex costs about half a millisecond of CPU, the largest single part of a list
 * request. A statement's SQL depends only on the *shape* of its input (which filters, operators, sort, relations),
 * not on the values, so it is built once per shape with placeholder values, and each request binds its own
 * values at the placeholders' positions among the bindings.
 *
 * The rule that keeps this exact: a shape is compiled only if every placeholder comes back, unchanged and exactly
 * once, among the built statement's bindings, and none was written into the SQL text. Otherwise (the ORM changed
 * or inlined a value) the shape is remembered as not compilable and its statements are built per request, as
 * before. Values that change the SQL itself (null, booleans, array lengths, object keys) are part of the shape.
 */

/** A statement ready to run: SQL with `?` placeholders and its bindings (knex's native form before `toNative`). */
export interface Statement {
  sql: string;
  bindings: readonly unknown[];
}

type Leaf = string | number | Date;

const MARK = '\u0001';
/** Number and date placeholders: far from any value a statement holds (a page size, an offset, an amount). */
const NUMBER_BASE = 1_900_000_000;
const DATE_BASE = Date.parse('0002-01-01T00:00:00.000Z');

class NotPlain extends Error {}

const isLeaf = (v: unknown): v is Leaf =>
  typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)) || v instanceof Date;

/**
 * Copies plain data (objects, arrays and scalars), replacing each leaf (string, finite number, Date) by
 * `leaf(value)` in a fixed order, and appends the shape to `shape`. Throws NotPlain for anything else (a knex
 * builder, a class instance), which is never compiled.
 */
function walk(v: unknown, leaf: (value: Leaf) => unknown, shape: string[]): unknown {
  if (isLeaf(v)) {
    shape.push(v instanceof Date ? 'd' : typeof v === 'string' ? 's' : 'n');
    return leaf(v);
  }
  if (v === null || v === undefined || typeof v === 'boolean') {
    shape.push(String(v));
    return v;
  }
  if (Array.isArray(v)) {
    shape.push(`[${v.length}`);
    return v.map((x) => walk(x, leaf, shape));
  }
  const proto = typeof v === 'object' ? Object.getPrototypeOf(v) : undefined;
  if (proto !== Object.prototype && proto !== null) throw new NotPlain();
  const out: Record<string, unknown> = {};
  shape.push('{');
  for (const key of Object.keys(v as object)) {
    shape.push(JSON.stringify(key));
    out[key] = walk((v as Record<string, unknown>)[key], leaf, shape);
  }
  shape.push('}');
  return out;
}

/** A request's input: its shape (the cache key's part) and its leaf values in walk order; none if not plain. */
export function inputOf(input: unknown): { shape: string; values: Leaf[] } | undefined {
  const values: Leaf[] = [];
  const shape: string[] = [];
  try {
    walk(input, (x) => values.push(x), shape);
  } catch (e) {
    if (e instanceof NotPlain) return undefined;
    throw e;
  }
  return { shape: shape.join(' '), values };
}

/** `input` with the i-th leaf replaced by the i-th placeholder (same type: string, number or Date). */
export function withPlaceholders<T>(input: T): T {
  let i = 0;
  return walk(
    input,
    (x) => {
      const n = i++;
      if (typeof x === 'string') return `${MARK}${n}${MARK}`;
      if (typeof x === 'number') return NUMBER_BASE + n;
      return new Date(DATE_BASE + n);
    },
    [],
  ) as T;
}

/** The placeholder a binding is, if it is one. */
function placeholderIndex(b: unknown, count: number): number | undefined {
  let n: number | undefined;
  if (typeof b === 'string') {
    const digits = b.slice(1, -1);
    n = b.length > 2 && b.startsWith(MARK) && b.endsWith(MARK) && /^\d+$/.test(digits) ? Number(digits) : undefined;
  } else if (typeof b === 'number') n = b - NUMBER_BASE;
  else if (b instanceof Date) n = b.getTime() - DATE_BASE;
  return n !== undefined && Number.isInteger(n) && n >= 0 && n < count ? n : undefined;
}

/** Where each binding comes from: a placeholder's index (the request's value) or a constant of the shape. */
export interface Template {
  sql: string;
  bindings: readonly unknown[];
  slots: readonly (number | undefined)[];
}

/** The template of a statement built with `count` placeholders, or undefined when the rule above fails. */
export function templateOf(statement: Statement, count: number): Template | undefined {
  if (statement.sql.includes(MARK)) return undefined;
  const seen = new Array<number>(count).fill(0);
  const slots = statement.bindings.map((b) => {
    const n = placeholderIndex(b, count);
    if (n !== undefined) seen[n]++;
    return n;
  });
  if (seen.some((times) => times !== 1)) return undefined;
  if (statement.bindings.some((b, k) => slots[k] === undefined && typeof b === 'string' && b.includes(MARK)))
    return undefined;
  return { sql: statement.sql, bindings: statement.bindings, slots };
}

/** The template's statement with the request's `values` at the placeholders' positions. */
export function bind(template: Template, values: readonly unknown[]): Statement {
  return {
    sql: template.sql,
    bindings: template.bindings.map((b, k) => {
      const slot = template.slots[k];
      return slot === undefined ? b : values[slot];
    }),
  };
}
