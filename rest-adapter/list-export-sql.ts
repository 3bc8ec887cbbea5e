/**
 * The lines of a direct export written by the database (docs/crm.md, "Exports"; docs/decisions.md, "CSV lines
 * written by PostgreSQL"): for a list whose columns are all plain fields (src/graphql/plain-fields.ts), each column's
 * cell as SQL that gives the text the direct path's `csvText` and csv-stringify would write for it, joined into the
 * row's line. A column is written in SQL only when its value's text is the same in both: a text or uuid column for a
 * String or ID, an integer for an Int, a boolean, a timestamptz for DateTimeISO (years 1 to 9999), an enum whose
 * stored values are its schema values, a jsonb object for a JSONObject (flat, with plain numbers: `jsonObjectSql`);
 * a getter only when it is a to-one relation's id (checked on a probe row).
 * Anything else leaves the list to the direct path. The line is null when a cell would be refused (a null in a
 * non-null field, an enum value the schema does not know, a date outside those years): that row is then written by
 * the direct path (list-export.ts), so its cells, or its error, are the list's own.
 */
import {
  JsonType,
  ReferenceKind,
  type EntityMetadata,
  type EntityProperty,
  type Platform,
  type Type,
} from '@mikro-orm/core';
import { isEnumType, type GraphQLEnumType } from 'graphql';
import pg from 'pg';
import type { PlainField } from '../src/graphql/plain-fields';

/** ECMAScript's `\s` (white space and line terminators), as PostgreSQL bracket expressions: all, and without tab and CR. */
const SPACE = String.raw`[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]`;
const SPACE_NOT_FORMULA = String.raw`[\n\v\f \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]`;
const text = (s: string) => pg.escapeLiteral(s);
/** csvText's formula rule (src/lib/csv-cell.ts): FORMULA_START, unless the whole text is a NUMBER. */
const FORMULA = text(String.raw`^([=+@\t\r]|-(?![0-9]+(\.[0-9]+)?$))`);
/**
 * NEEDS_QUOTES of the escaped text, read on the text itself: the added `'` is none of `",\r\n` and no space, and a
 * text that begins with a tab or CR is escaped, so only its other spaces can lead the escaped text.
 */
const QUOTED = text(String.raw`[",\r\n]|^` + SPACE_NOT_FORMULA + '|' + SPACE + '$');

/** `csvText` of a string, quoted as csv-stringify quotes it (NEEDS_QUOTES): two regular expressions per cell. */
function csvCellSql(value: string): string {
  const prefix = `case when ${value} ~ ${FORMULA} then '''' else '' end`;
  return `case when ${value} ~ ${QUOTED} then '"' || ${prefix} || replace(${value}, '"', '""') || '"' else ${prefix} || ${value} end`;
}

const TEXT = /^(text|uuid|varchar|character varying|citext|char|character)\b/i;
/** Columns the driver hands on as the server's text (no type parser: numeric; the ORM's date strings). */
const SERVER_TEXT = /^(numeric|decimal|date)\b/i;
const INT = /^(int|int4|integer|smallint|int2)\b/i;
const TIMESTAMPTZ = /^(timestamptz|timestamp with time zone)\b/i;

/** A getter's relation: `<relation>Id` reading the id of a to-one relation with one column (tried on probe rows). */
function relationOfIdGetter(meta: EntityMetadata, field: PlainField): EntityProperty | undefined {
  if (!field.property.endsWith('Id')) return undefined;
  const relation = meta.properties[field.property.slice(0, -2) as never] as EntityProperty | undefined;
  const toOne =
    relation?.kind === ReferenceKind.MANY_TO_ONE || (relation?.kind === ReferenceKind.ONE_TO_ONE && relation.owner);
  if (!relation || !toOne || relation.fieldNames?.length !== 1) return undefined;
  const probe = (value: unknown) => {
    const row = Object.create(meta.prototype as object) as Record<string, unknown>;
    Object.defineProperty(row, relation.name, { value });
    try {
      return row[field.property];
    } catch {
      return undefined;
    }
  };
  if (probe({ id: 'probe-id' }) !== 'probe-id') return undefined;
  if (relation.nullable && probe(null) !== null) return undefined;
  return relation;
}

/**
 * A custom type that gives the driver's text unchanged (MikroORM's DecimalType in its string mode), so the column's
 * text in SQL is the value's text; tried on sample texts.
 */
function handsTextOn(type: Type<unknown, unknown>, platform: Platform): boolean {
  return ['12.30', '-0.500', '2026-01-02', 'x'].every((v) => {
    try {
      return type.convertToJSValue(v, platform) === v;
    } catch {
      return false;
    }
  });
}

/** The stored values of an enum and their schema names, when every value is a string. */
function enumCase(value: string, type: GraphQLEnumType): string | undefined {
  const values = type.getValues();
  if (values.some((v) => typeof v.value !== 'string')) return undefined;
  return `case ${values.map((v) => `when ${value} = ${text(v.value as string)} then ${text(v.name)}`).join(' ')} end`;
}

/**
 * `JSON.stringify` of a `jsonb` object as the driver hands it on (JSON.parse of the server's text), in SQL, or null
 * when the two could differ: the object's members in the server's order, its keys and string values escaped as the
 * server escapes them (as JSON.stringify does: the short escapes and lowercase `\u00xx`), without spaces. Null (the
 * row goes to the direct path) for a value that is not an object, a nested object or array, a key JavaScript would
 * order first (an array index), and a number whose text JavaScript would write otherwise (a trailing zero, an
 * exponent, more than 15 digits, below 1e-6).
 */
export function jsonObjectSql(value: string): string {
  const exactNumber = text(String.raw`^-?(0|[1-9][0-9]*)(\.[0-9]*[1-9])?$`);
  const notExact =
    `e.key ~ '^(0|[1-9][0-9]*)$' or jsonb_typeof(e.value) in ('object', 'array') or ` +
    `(jsonb_typeof(e.value) = 'number' and not (e.value::text ~ ${exactNumber} ` +
    `and length(regexp_replace(e.value::text, '[^0-9]', '', 'g')) <= 15 and e.value::text !~ '^-?0\\.000000'))`;
  // one pass over the members: null if any is not exact, else the members joined (none: an empty object)
  const members =
    `select case when bool_or(${notExact}) then null else '{' || ` +
    `coalesce(string_agg(to_jsonb(e.key)::text || ':' || e.value::text, ',' order by e.n), '') || '}' end ` +
    `from jsonb_each(${value}) with ordinality e(key, value, n)`;
  return `case when jsonb_typeof(${value}) = 'object' then (${members}) end`;
}

/** One column's cell in SQL, over the statement's row `r`; undefined when it cannot be written exactly. */
function cellSql(meta: EntityMetadata, field: PlainField, platform: Platform): string | undefined {
  const prop = field.getter
    ? relationOfIdGetter(meta, field)
    : (meta.properties[field.property as never] as EntityProperty | undefined);
  if (!prop || prop.lazy || prop.formula || prop.fieldNames?.length !== 1) return undefined;
  const columnType = prop.columnTypes?.[0] ?? '';
  const jsonObject =
    field.type.name === 'JSONObject' && /^jsonb\b/i.test(columnType) && prop.customType instanceof JsonType;
  if (
    !field.getter &&
    (prop.kind !== ReferenceKind.SCALAR || (prop.customType && !jsonObject && !handsTextOn(prop.customType, platform)))
  )
    return undefined;
  const value = `r.${pg.escapeIdentifier(prop.fieldNames[0])}`;
  const name = field.type.name;
  let cell: string | undefined;
  if (isEnumType(field.type)) cell = enumCase(value, field.type);
  else if ((name === 'String' || name === 'ID') && TEXT.test(columnType))
    cell = /^uuid/i.test(columnType) ? `${value}::text` : csvCellSql(`${value}::text`);
  else if (name === 'String' && SERVER_TEXT.test(columnType)) cell = csvCellSql(`${value}::text`);
  else if (name === 'Int' && INT.test(columnType)) cell = `${value}::text`;
  else if (jsonObject) cell = csvCellSql(jsonObjectSql(value));
  else if (name === 'Boolean' && /^bool/i.test(columnType)) cell = `case when ${value} then 'true' else 'false' end`;
  else if (name === 'DateTimeISO' && TIMESTAMPTZ.test(columnType))
    cell =
      `case when ${value} >= '0001-01-01T00:00:00Z' and ${value} < '10000-01-01T00:00:00Z' ` +
      `then to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end`;
  if (!cell) return undefined;
  // a null in a nullable field is an empty cell; any other null (refused) makes the whole line null
  return field.nonNull ? cell : `case when ${value} is null then '' else ${cell} end`;
}

/**
 * The SQL of each row's line (its cells joined by commas, ending in CRLF) over the statement's row `r`, or
 * undefined when a column cannot be written in SQL exactly.
 */
export function lineSql(meta: EntityMetadata, fields: PlainField[], platform: Platform): string | undefined {
  const cells: string[] = [];
  for (const field of fields) {
    const cell = cellSql(meta, field, platform);
    if (!cell) return undefined;
    cells.push(cell);
  }
  return `${cells.join(` || ',' || `)} || E'\\r\\n'`;
}
