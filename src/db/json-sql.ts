/**
 * SQL that writes a value's text as the exports write it in JavaScript (docs/decisions.md, "CSV lines written by
 * PostgreSQL"): a scalar as `String(value)` of what its GraphQL type serializes, an object or a list as
 * `JSON.stringify` of what GraphQL answers for it (its members in the selection's order). Each function takes the SQL
 * of a value and answers SQL that is null where the value is null, and null too where the text could differ from
 * JavaScript's (a number JavaScript writes otherwise, a date outside the years 1 to 9999): the export then writes
 * that row in JavaScript, so its cells, or its error, are the list's own. Used by the lines of the exports
 * (rest-adapter/list-export-sql.ts) and by the SQL of a list row's `exportCells` (src/http/route-row.ts).
 */
import pg from 'pg';

const literal = (s: string) => pg.escapeLiteral(s);

/** A number's text as JavaScript writes it: no exponent, no trailing zero, at most 15 significant digits. */
const EXACT_NUMBER = literal(String.raw`^-?(0|[1-9][0-9]*)(\.[0-9]*[1-9])?$`);

/** A text (or uuid, or any value whose SQL text is its GraphQL String's) as a JSON string. */
export const jsonString = (value: string): string => `to_json((${value})::text)::text`;

/** A boolean as JSON (and as the Boolean scalar's text). */
export const jsonBoolean = (value: string): string =>
  `case when ${value} then 'true' when not ${value} then 'false' end`;

/** An integer column as JSON (and as the Int scalar's text). */
export const jsonInteger = (value: string): string => `(${value})::text`;

/**
 * A `double precision` column as the Float scalar's text (JavaScript's): PostgreSQL writes the same shortest
 * digits, in plain notation wherever it does not use an exponent; an exponent, NaN, an infinity or -0 gives null.
 */
export function floatText(value: string): string {
  const t = `(${value})::text`;
  return `case when ${t} ~ '^-?[0-9]+(\\.[0-9]+)?$' and ${t} <> '-0' then ${t} end`;
}

/** A timestamptz as the DateTimeISO scalar's text (`toISOString`), for the years 1 to 9999. */
export function isoTimestamp(value: string): string {
  return (
    `case when ${value} >= '0001-01-01T00:00:00Z' and ${value} < '10000-01-01T00:00:00Z' ` +
    `then to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end`
  );
}

/**
 * A member of `jsonObject`: its key, the SQL of its JSON value, and whether a null of that SQL refuses: true for a
 * non-null field (a null there is GraphQL's error, so the object's text is null and the row is written in
 * JavaScript) or for SQL that writes JSON's `null` itself; false and a null is written as `null`.
 */
export type JsonMember = [key: string, json: string, nonNull: boolean];

/** An object with these members in this order, as JSON.stringify writes it; null where a non-null member is null. */
export function jsonObject(members: JsonMember[]): string {
  const parts = members.map(
    ([key, json, nonNull], i) =>
      `${literal(`${i ? ',' : '{'}${JSON.stringify(key)}:`)} || ${nonNull ? json : `coalesce(${json}, 'null')`}`,
  );
  return `${parts.join(' || ')} || '}'`;
}

/**
 * A list as JSON.stringify writes it: `element` (JSON text, over the rows of `from`) for each row in `orderBy`'s
 * order; null where an element is null (a non-null list item: GraphQL's error), `[]` for no rows.
 */
export function jsonArray(element: string, from: string, orderBy: string): string {
  return (
    `(select case when bool_or(${element} is null) then null ` +
    `else '[' || coalesce(string_agg(${element}, ',' order by ${orderBy}), '') || ']' end from ${from})`
  );
}

/**
 * `JSON.stringify` of a `jsonb` object as the driver hands it on (JSON.parse of the server's text), or null when the
 * two could differ: the object's members in the server's order, its keys and string values escaped as the server
 * escapes them (as JSON.stringify does: the short escapes and lowercase `\u00xx`), without spaces. Null (the row goes
 * to JavaScript) for a value that is not an object, a nested object or array, a key JavaScript would order first (an
 * array index), and a number whose text JavaScript would write otherwise (a trailing zero, an exponent, more than 15
 * digits, below 1e-6).
 */
export function jsonbObjectText(value: string): string {
  const notExact =
    `e.key ~ '^(0|[1-9][0-9]*)$' or jsonb_typeof(e.value) in ('object', 'array') or ` +
    `(jsonb_typeof(e.value) = 'number' and not (e.value::text ~ ${EXACT_NUMBER} ` +
    `and length(regexp_replace(e.value::text, '[^0-9]', '', 'g')) <= 15 and e.value::text !~ '^-?0\\.000000'))`;
  // one pass over the members: null if any is not exact, else the members joined (none: an empty object)
  const members =
    `select case when bool_or(${notExact}) then null else '{' || ` +
    `coalesce(string_agg(to_jsonb(e.key)::text || ':' || e.value::text, ',' order by e.n), '') || '}' end ` +
    `from jsonb_each(${value}) with ordinality e(key, value, n)`;
  return `case when jsonb_typeof(${value}) = 'object' then (${members}) end`;
}

/**
 * A `jsonb` array of strings as a GraphQL `[String!]` answers it, JSON.stringify'd; null for any other value (an
 * element that is not a string is the String scalar's to convert, so JavaScript writes that row).
 */
export function jsonbStringArrayText(value: string): string {
  return (
    `case when jsonb_typeof(${value}) = 'array' then (select case when bool_or(jsonb_typeof(e.v) <> 'string') ` +
    `then null else '[' || coalesce(string_agg(e.v::text, ',' order by e.n), '') || ']' end ` +
    `from jsonb_array_elements(${value}) with ordinality e(v, n)) end`
  );
}

/**
 * A `jsonb` value read by a GraphQL String or Int field (a member of a stored object), as that field's JSON: a
 * string as it is; an integer of 32 bits as it is; JSON null, or no member, as `null` for a nullable field. Anything
 * else (a value the scalar would convert or refuse, a null in a non-null field) gives null.
 */
export function jsonbScalar(value: string, type: 'String' | 'Int', nonNull: boolean): string {
  const text = `(${value})::text`;
  const own =
    type === 'String'
      ? `when 'string' then ${text}`
      : `when 'number' then case when ${text} ~ '^-?(0|[1-9][0-9]{0,9})$' and ${text}::bigint between -2147483648 and 2147483647 then ${text} end`;
  const none = nonNull ? '' : ` when 'null' then 'null'`;
  return `case coalesce(jsonb_typeof(${value}), 'null') ${own}${none} end`;
}

/**
 * A numeric as `formatMoney` (src/lib/money.ts) writes the decimal.js value of the same arithmetic (a line's quantity
 * x unit price, a total less what was paid): rounded half away from zero to two decimals, as numeric's `round` does.
 * Null where the texts could differ: a value of more than the 20 significant digits decimal.js keeps (it rounds the
 * result first), and a negative value that rounds to zero (decimal.js writes `-0.00`).
 */
export function moneyText(value: string): string {
  const v = `(${value})`;
  return (
    `case when length(regexp_replace(trim_scale(abs(${v}))::text, '[^0-9]', '', 'g')) <= 20 ` +
    `and not (${v} < 0 and round(${v}, 2) = 0) then round(${v}, 2)::text end`
  );
}

/** The JSON writer of each scalar `columnMembers` reads from a column. */
const COLUMN_JSON: Record<string, (value: string) => string> = {
  ID: jsonString,
  String: jsonString,
  Int: jsonInteger,
  Boolean: jsonBoolean,
};

/**
 * Members of `jsonObject` read from the columns of the row `alias`, from a selection with its types, such as
 * `'id:ID! name:String probability:Int!'`: each key's column is its snake_case name (`isWon`: `is_won`), its scalar
 * ID or String (a text, uuid or numeric column: its text), Int or Boolean, `!` for a non-null field.
 */
export function columnMembers(alias: string, selection: string): JsonMember[] {
  return selection.split(' ').map((member) => {
    const [, key, scalar, bang] = /^(\w+):(\w+)(!?)$/.exec(member) ?? [];
    if (!COLUMN_JSON[scalar]) throw new Error(`columnMembers: no column scalar in "${member}"`);
    const column = key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    return [key, COLUMN_JSON[scalar](`${alias}.${column}`), bang === '!'];
  });
}

/**
 * A `jsonb` string read by a GraphQL enum field, as that field's JSON: its name where the string is one of the
 * enum's stored values (`values`: the TypeScript enum, names to stored values); JSON null, or no member, as `null`
 * for a nullable field. Anything else (a value the enum refuses, a null in a non-null field) gives null.
 */
export function jsonbEnum(value: string, values: Record<string, string>, nonNull: boolean): string {
  const names = Object.entries(values).map(([name, stored]) => `when ${literal(stored)} then ${literal(`"${name}"`)}`);
  const none = nonNull ? '' : ` when 'null' then 'null'`;
  return (
    `case coalesce(jsonb_typeof(${value}), 'null') when 'string' then ` +
    `case (${value}) #>> '{}' ${names.join(' ')} end${none} end`
  );
}

/**
 * A `jsonb` value read by a GraphQL object field, as that field's JSON: `object(v)` (JSON over the SQL `v` of the
 * value: jsonObject of its members) where it is an object; JSON null, or no member, as `null` for a nullable field.
 * Anything else (a value GraphQL would read otherwise, or refuse) gives null: as a member of jsonObject it refuses.
 */
export function jsonbObject(value: string, object: (v: string) => string, nonNull: boolean): string {
  const none = nonNull ? '' : ` when 'null' then 'null'`;
  return `case coalesce(jsonb_typeof(${value}), 'null') when 'object' then ${object(`(${value})`)}${none} end`;
}

/**
 * A `jsonb` array read by a GraphQL list of non-null objects (`[T!]!`), as JSON: each element `object(v)` in the
 * array's order, `alias` naming the elements' rows (unique among nested arrays); null for any other value or element.
 */
export function jsonbObjectArray(value: string, object: (v: string) => string, alias: string): string {
  const element = `${alias}.v`;
  return `case when jsonb_typeof(${value}) = 'array' then ${jsonArray(
    `case when jsonb_typeof(${element}) = 'object' then ${object(element)} end`,
    `jsonb_array_elements(${value}) with ordinality ${alias}(v, n)`,
    `${alias}.n`,
  )} end`;
}
