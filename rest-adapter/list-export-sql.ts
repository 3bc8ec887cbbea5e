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
  DoubleType,
  FloatType,
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
import type { ExportCell } from '../src/http/route-row';
import { floatText, isoTimestamp, jsonbObjectText } from '../src/db/json-sql';

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
/** Floating-point columns: the driver parses their text, whose plain form is JavaScript's (`floatText`). */
const FLOATING = /^(double|float8|real|float4)\b/i;

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

/** One column's cell in SQL, over the statement's row `r`; undefined when it cannot be written exactly. */
function cellSql(meta: EntityMetadata, field: PlainField, platform: Platform): string | undefined {
  const prop = field.getter
    ? relationOfIdGetter(meta, field)
    : (meta.properties[field.property as never] as EntityProperty | undefined);
  if (!prop || prop.lazy || prop.formula || prop.fieldNames?.length !== 1) return undefined;
  const columnType = prop.columnTypes?.[0] ?? '';
  const jsonObject =
    field.type.name === 'JSONObject' && /^jsonb\b/i.test(columnType) && prop.customType instanceof JsonType;
  // the driver's number (node-postgres parses these columns' text), as it is or through MikroORM's float types
  const floating =
    field.type.name === 'Float' &&
    FLOATING.test(columnType) &&
    (!prop.customType || prop.customType instanceof DoubleType || prop.customType instanceof FloatType);
  if (
    !field.getter &&
    (prop.kind !== ReferenceKind.SCALAR ||
      (prop.customType && !jsonObject && !floating && !handsTextOn(prop.customType, platform)))
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
  else if (jsonObject) cell = csvCellSql(jsonbObjectText(value));
  else if (floating) cell = floatText(value);
  else if (name === 'Boolean' && /^bool/i.test(columnType)) cell = `case when ${value} then 'true' else 'false' end`;
  else if (name === 'DateTimeISO' && TIMESTAMPTZ.test(columnType)) cell = isoTimestamp(value);
  if (!cell) return undefined;
  // a null in a nullable field is an empty cell; any other null (refused) makes the whole line null
  return field.nonNull ? cell : `case when ${value} is null then '' else ${cell} end`;
}

/**
 * A column of an export's line: a plain field, written from its property's column, or a cell the list row gives in
 * SQL (RouteRow `exportCells`), with whether its field is non-null.
 */
export type LineColumn = { field: PlainField } | { cell: ExportCell; nonNull: boolean };

/**
 * A column the list row gives in SQL, read from `g.<name>` (its value, and its `isNull` where given, evaluated once per
 * row in the lateral `g`: `LineSql.given`): its text escaped as a CSV cell; null (the line too) where it refuses.
 */
function givenCellSql(column: { cell: ExportCell; nonNull: boolean }, name: string, given: string[]): string {
  const { cell, nonNull } = column;
  given.push(`(${typeof cell === 'string' ? cell : cell.value})::text as ${name}`);
  const escaped = csvCellSql(`g.${name}`);
  if (nonNull) return escaped;
  if (typeof cell === 'string') return `coalesce(${escaped}, '')`;
  given.push(`${cell.isNull} as ${name}_null`);
  return `case when g.${name}_null then '' else ${escaped} end`;
}

/**
 * Each row's line: `line`, its cells joined by commas and ending in CRLF, over the statement's row `r` and the row's
 * given columns `g`, which `given` selects (SQL over `r`, each `as` its name; empty when the list gives none).
 */
export interface LineSql {
  line: string;
  given: string[];
}

/** Each row's line in SQL, or undefined when a column cannot be written in SQL exactly. */
export function lineSql(meta: EntityMetadata, columns: LineColumn[], platform: Platform): LineSql | undefined {
  const cells: string[] = [];
  const given: string[] = [];
  for (const [i, column] of columns.entries()) {
    const cell = 'field' in column ? cellSql(meta, column.field, platform) : givenCellSql(column, `c${i}`, given);
    if (!cell) return undefined;
    cells.push(cell);
  }
  return { line: `${cells.join(` || ',' || `)} || E'\\r\\n'`, given };
}
