/**
 * What the generated sweeps (tenancy, GraphQL tenancy, fuzz) derive their requests from: the GraphQL schema,
 * the compiled REST table and the database catalog (information_schema, the ORM's table of each GraphQL type).
 * Nothing here names a domain: a new root field, input field, REST row or table is picked up as it is added.
 */
import { randomUUID } from 'node:crypto';
import {
  getNamedType,
  getNullableType,
  GraphQLField,
  GraphQLInputType,
  GraphQLNamedType,
  GraphQLObjectType,
  GraphQLOutputType,
  GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
} from 'graphql';
import { buildSchemaSync, getMetadataStorage } from 'type-graphql';
import { resolvers } from '../../src/composition';
import { NO_PUBSUB } from '../../src/graphql/schema';
import type { CompiledRoute } from '../../rest-adapter/compile';
import type { TestApp } from './test-app';

export type Path = (string | number)[];
export type RootName = 'Query' | 'Mutation';
export type RootField = { root: RootName; field: GraphQLField<unknown, unknown> };

/** A placeholder id: valid in shape, found nowhere. */
export const NOWHERE_ID = '00000000-0000-4000-8000-000000000000';

export interface Catalog {
  /** Tables whose rows belong to an organization and have a uuid id, plus `organizations`. */
  tables: string[];
  /** The table behind a GraphQL object type (the ORM entity that declares the type). */
  tableOfType: Map<string, string>;
  /** table -> foreign-key column -> referenced table. */
  foreignKeys: Map<string, Map<string, string>>;
  /** Tables with an `email` column, for the leak checks. */
  emailTables: string[];
  /** Tables with a `created_at` column (records are taken oldest first). */
  createdAt: string[];
  /** Every table with an organization_id column (what fixtures.ts `snapshot` compares). */
  owned: string[];
}

export async function loadCatalog(t: TestApp): Promise<Catalog> {
  const tables = await t.sql<{ table_name: string }>(
    `select c.table_name from information_schema.columns c
      where c.table_schema = 'public' and c.column_name = 'organization_id'
        and exists (select 1 from information_schema.columns i where i.table_schema = 'public' and i.table_name = c.table_name and i.column_name = 'id' and i.data_type = 'uuid')
      order by c.table_name`,
  );
  const fks = await t.sql<{ table_name: string; column_name: string; ref: string }>(
    `select kcu.table_name, kcu.column_name, ccu.table_name as ref
       from information_schema.table_constraints tc
       join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
       join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
      where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public' and ccu.column_name = 'id'
      order by 1, 2`,
  );
  const emails = await t.sql<{ table_name: string }>(
    `select c.table_name from information_schema.columns c
      where c.table_schema = 'public' and c.column_name = 'email'
        and exists (select 1 from information_schema.columns o where o.table_schema = 'public' and o.table_name = c.table_name and o.column_name = 'organization_id')
      order by 1`,
  );
  const owned = await t.sql<{ table_name: string }>(
    `select table_name from information_schema.columns where table_schema = 'public' and column_name = 'organization_id' order by table_name`,
  );
  const created = await t.sql<{ table_name: string }>(
    `select table_name from information_schema.columns where table_schema = 'public' and column_name = 'created_at'`,
  );
  const foreignKeys = new Map<string, Map<string, string>>();
  for (const r of fks) {
    if (!foreignKeys.has(r.table_name)) foreignKeys.set(r.table_name, new Map());
    foreignKeys.get(r.table_name)!.set(r.column_name, r.ref);
  }
  const entities = Object.values(t.orm.getMetadata().getAll());
  const tableOfType = new Map<string, string>();
  for (const o of getMetadataStorage().objectTypes) {
    const meta = entities.find((m) => m.class === o.target && !m.abstract && !m.embeddable);
    if (meta?.tableName) tableOfType.set(o.name, meta.tableName);
  }
  return {
    tables: ['organizations', ...tables.map((r) => r.table_name)],
    tableOfType,
    foreignKeys,
    emailTables: emails.map((r) => r.table_name),
    createdAt: created.map((r) => r.table_name),
    owned: owned.map((r) => r.table_name),
  };
}

/** An organization's records by table, oldest first (the organization itself under `organizations`). */
export async function recordsOf(t: TestApp, c: Catalog, organizationId: string): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>([['organizations', [organizationId]]]);
  const union = c.tables
    .filter((x) => x !== 'organizations')
    .map(
      (table) =>
        `select '${table}' as t, id::text as id, ${c.createdAt.includes(table) ? 'created_at' : 'null::timestamptz'} as at from "${table}" where organization_id = (select id from org)`,
    )
    .join(' union all ');
  for (const r of await t.sql<{ t: string; id: string }>(
    `with org as (select $1::uuid as id) select t, id from (${union}) x order by t, at nulls last, id`,
    [organizationId],
  )) {
    if (!out.has(r.t)) out.set(r.t, []);
    out.get(r.t)!.push(r.id);
  }
  return out;
}

/** For each record of an organization, the ids its foreign keys hold (a stage -> its pipeline ...). */
export async function referencesOf(t: TestApp, c: Catalog, organizationId: string): Promise<Map<string, Set<string>>> {
  const parts = [...c.foreignKeys]
    .filter(([table]) => c.tables.includes(table))
    .flatMap(([table, columns]) =>
      [...columns.keys()].map(
        (column) =>
          `select id::text as id, "${column}"::text as ref from "${table}" where organization_id = (select id from org) and "${column}" is not null`,
      ),
    );
  const out = new Map<string, Set<string>>();
  if (!parts.length) return out;
  for (const r of await t.sql<{ id: string; ref: string }>(
    `with org as (select $1::uuid as id) ${parts.join(' union all ')}`,
    [organizationId],
  )) {
    if (!out.has(r.id)) out.set(r.id, new Set());
    out.get(r.id)!.add(r.ref);
  }
  return out;
}

/**
 * One digest of every row an organization owns (its organization row included), in one statement: equal digests
 * mean an unchanged snapshot (fixtures.ts `snapshot`), which is compared in full only when they differ.
 */
export async function fingerprint(t: TestApp, c: Catalog, organizationId: string): Promise<string> {
  const parts = [
    `select 'organizations' as t, md5(coalesce(string_agg(to_jsonb(x)::text, ',' order by to_jsonb(x)::text), '')) as h from organizations x where id = (select id from org)`,
    ...c.owned.map(
      (table) =>
        `select '${table}', md5(coalesce(string_agg(to_jsonb(x)::text, ',' order by to_jsonb(x)::text), '')) from "${table}" x where organization_id = (select id from org)`,
    ),
  ];
  const [row] = await t.sql<{ digest: string }>(
    `with org as (select $1::uuid as id) select md5(string_agg(t || ':' || h, ',' order by t)) as digest from (${parts.join(' union all ')}) d`,
    [organizationId],
  );
  return row.digest;
}

/** Every id and email of an organization: what must never appear in an answer to another organization. */
export async function secretsOf(t: TestApp, c: Catalog, organizationId: string): Promise<string[]> {
  const ids = [...(await recordsOf(t, c, organizationId)).values()].flat();
  const emails: string[] = [];
  for (const table of c.emailTables) {
    const rows = await t.sql<{ email: string }>(
      `select distinct email from "${table}" where organization_id = $1 and email is not null`,
      [organizationId],
    );
    emails.push(...rows.map((r) => r.email));
  }
  return [...new Set([...ids, ...emails])];
}

const snake = (s: string) => s.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);

/** The table behind an output type: its own entity, or the entity of a field of it (a page's `data`, a payload's record). */
export function tableOfOutput(type: GraphQLOutputType, c: Catalog): string | undefined {
  const named = getNamedType(type);
  const own = c.tableOfType.get(named.name);
  if (own || !isObjectType(named)) return own;
  for (const f of Object.values(named.getFields())) {
    const inner = c.tableOfType.get(getNamedType(f.type).name);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * Which table an id named `name` points into, in the context of a record of table `context`: `id` is the record
 * itself; for `xId`/`xIds` (and the shorter tails of x: `actorUserId` -> `user`), the foreign-key column `x_id` of
 * the record's table, a GraphQL type named X, or the one table any `x_id` column references; else a table named
 * `xs`; else a record of the same kind (merge sources, a stage order). Undefined when nothing fits.
 */
export function tableOfIdName(name: string, context: string | undefined, c: Catalog): string | undefined {
  if (name === 'id') return context;
  const stem = /^(.+?)Ids?$/.exec(name)?.[1];
  if (!stem) return context;
  const words = stem.split(/(?=[A-Z])/);
  for (let i = 0; i < words.length; i++) {
    const tail = words.slice(i).join('');
    const column = `${snake(tail[0].toLowerCase() + tail.slice(1))}_id`;
    const own = context ? c.foreignKeys.get(context)?.get(column) : undefined;
    if (own) return own;
    const typed = c.tableOfType.get(tail[0].toUpperCase() + tail.slice(1));
    if (typed) return typed;
    const anywhere = new Set([...c.foreignKeys.values()].map((m) => m.get(column)).filter((x): x is string => !!x));
    if (anywhere.size === 1) return [...anywhere][0];
  }
  const plural = `${snake(stem)}s`;
  if (c.tables.includes(plural)) return plural;
  return context;
}

/**
 * The table of a REST row's path parameter: the record a row at exactly the path up to that parameter answers
 * (`/api/leads/:id/convert` -> the GET `/api/leads/:id` row -> Lead -> its table), else this row's own answer,
 * else by the argument's name.
 */
export function tableOfPathParam(
  route: CompiledRoute,
  param: string,
  routes: CompiledRoute[],
  c: Catalog,
): string | undefined {
  const norm = (p: string) => p.replace(/:\w+/g, ':p');
  const upTo = route.row.path.slice(0, route.row.path.indexOf(`:${param}`) + param.length + 1);
  const readers = routes
    .filter((r) => norm(r.row.path) === norm(upTo))
    .sort((a, b) => Number(b.row.method === 'GET') - Number(a.row.method === 'GET'));
  for (const r of readers) {
    const table = c.tableOfType.get(getNamedType(r.field.type).name);
    if (table) return table;
  }
  const argName = route.row.params?.[param] ?? param;
  const context = tableOfOutput(route.field.type, c);
  return tableOfIdName(argName, context, c) ?? tableOfIdName(param, context, c);
}

/** One place in a root field's arguments that takes an id: an argument, an input field, an element of a list of them. */
export interface IdSlot {
  /** From the argument: ['input', 'lines', 0, 'itemId'], ['id'], ['input', 'sourceIds']. */
  path: Path;
  /** The argument or input field name. */
  name: string;
  /** A list of ids ([ID!]): the value is a one-element list. */
  list: boolean;
  /** Must be given (non-null without default, inside required parents). */
  required: boolean;
  /** The table its ids point into (see tableOfIdName), when known. */
  table?: string;
}

const isId = (type: GraphQLInputType) => getNamedType(type).name === 'ID';
const isRequired = (type: GraphQLInputType, defaultValue: unknown) => isNonNullType(type) && defaultValue === undefined;

/** Every id slot of a root field, nested inputs and lists of inputs included. */
export function idSlots(field: GraphQLField<unknown, unknown>, c?: Catalog, routes: CompiledRoute[] = []): IdSlot[] {
  const out: IdSlot[] = [];
  const walk = (type: GraphQLInputType, path: Path, name: string, required: boolean, seen: Set<string>) => {
    const inner = getNullableType(type) as GraphQLInputType;
    if (isListType(inner)) {
      if (isId(inner.ofType)) out.push({ path, name, list: true, required });
      else walk(inner.ofType, [...path, 0], name, required, seen);
      return;
    }
    if (isId(inner)) out.push({ path, name, list: false, required });
    else if (isInputObjectType(inner) && !seen.has(inner.name)) {
      for (const f of Object.values(inner.getFields()))
        walk(
          f.type,
          [...path, f.name],
          f.name,
          required && isRequired(f.type, f.defaultValue),
          new Set([...seen, inner.name]),
        );
    }
  };
  for (const a of field.args) walk(a.type, [a.name], a.name, isRequired(a.type, a.defaultValue), new Set());
  if (c) {
    const context = tableOfOutput(field.type, c);
    for (const s of out) {
      // An argument a REST row binds from its path: the record that path names (see tableOfPathParam).
      const bound =
        s.path.length === 1 &&
        routes.flatMap((r) =>
          r.field === field
            ? r.args.filter((a) => a.source === 'path' && a.arg.name === s.name).map((a) => ({ r, a }))
            : [],
        )[0];
      s.table =
        (bound ? tableOfPathParam(bound.r, bound.a.key, routes, c) : undefined) ?? tableOfIdName(s.name, context, c);
    }
  }
  return out;
}

/** String arguments and input fields (search, names ...): where a foreign email is tried as a filter value. */
export function stringArgs(field: GraphQLField<unknown, unknown>): string[] {
  return field.args
    .filter((a) => getNamedType(a.type).name === 'String' && !isListType(getNullableType(a.type)))
    .map((a) => a.name);
}

const samePath = (a: Path, b: Path) => a.length === b.length && a.every((x, i) => x === b[i]);
const isPrefix = (prefix: Path, of: Path) => prefix.length <= of.length && prefix.every((x, i) => x === of[i]);

let serial = 0;

/** A plausible value of a required scalar, by its type and the conventions of its name (email, date, url ...). */
export function plausible(type: GraphQLNamedType, name: string): unknown {
  if (isEnumType(type)) return type.getValues()[0].name;
  switch (type.name) {
    case 'Int':
      return 1;
    case 'Float':
      return 1;
    case 'Boolean':
      return false;
    case 'DateTimeISO':
      return '2026-07-01T09:00:00.000Z';
  }
  const n = name.toLowerCase();
  if (n.includes('email')) return `sweep-${process.pid}-${++serial}-${randomUUID().slice(0, 6)}@example.test`;
  if (n.includes('password')) return 'a long sweep password';
  if (n.includes('token')) return `sweep-token-${serial}`;
  if (/date$|day$|on$/.test(n)) return '2026-07-01';
  if (n.includes('phone')) return '+14155550123';
  if (/url|website/.test(n)) return 'https://93.184.216.34/sweep';
  if (n === 'currency') return 'USD';
  if (/rate|amount|price|value|revenue|total/.test(n)) return '10.00';
  if (n.includes('csv')) return 'name,email\nSweep Person,sweep-person@example.test\n';
  return `sweep ${name} ${++serial}`;
}

export interface ArgPlan {
  /** A valid-in-shape starting point (the REST row's example body under its argument). */
  base?: Record<string, unknown>;
  /** The value of an id slot: the varied one gets a foreign id; required ones an own record; others are left out. */
  id(slot: IdSlot): string | string[] | undefined;
  /** The varied slot: its parents are built even when optional. */
  varied?: Path;
}

/**
 * Arguments of a root field: required scalars plausible, enums their first value, the base's values kept (its
 * ids replaced by `plan.id`), optional inputs built only when the base has them or the varied slot is inside.
 */
export function buildArgs(
  field: GraphQLField<unknown, unknown>,
  plan: ArgPlan,
  slots: IdSlot[] = idSlots(field),
): Record<string, unknown> {
  const firstItem = (path: Path) => path.map((x) => (typeof x === 'number' ? 0 : x));
  const slotAt = (path: Path) => slots.find((s) => samePath(s.path, firstItem(path)));
  const build = (type: GraphQLInputType, base: unknown, path: Path, name: string, required: boolean): unknown => {
    const inner = getNullableType(type) as GraphQLInputType;
    const wanted = required || base !== undefined || (plan.varied !== undefined && isPrefix(path, plan.varied));
    const slot = slotAt(path);
    if (slot) {
      const v = plan.id(slot);
      return v === undefined ? undefined : slot.list && !Array.isArray(v) ? [v] : v;
    }
    if (!wanted) return undefined;
    if (isListType(inner)) {
      const item = inner.ofType;
      if (isLeafType(getNamedType(item)) && !isInputObjectType(getNullableType(item))) {
        return base !== undefined ? base : [plausible(getNamedType(item), name)];
      }
      const items = Array.isArray(base) && base.length ? base : [undefined];
      return items.map((b, i) => build(item, b, [...path, i], name, true));
    }
    if (isInputObjectType(inner)) {
      const obj: Record<string, unknown> = {};
      const b = base && typeof base === 'object' ? (base as Record<string, unknown>) : {};
      for (const f of Object.values(inner.getFields())) {
        const v = build(f.type, b[f.name], [...path, f.name], f.name, isRequired(f.type, f.defaultValue));
        if (v !== undefined) obj[f.name] = v;
      }
      return obj;
    }
    // An email is unique in most tables: a fresh one each time, so that one request's record does not make the next one a 409.
    if (base !== undefined && typeof base === 'string' && /email/i.test(name))
      return plausible(getNamedType(inner), name);
    return base !== undefined ? base : required ? plausible(getNamedType(inner), name) : undefined;
  };
  const out: Record<string, unknown> = {};
  for (const a of field.args) {
    const v = build(a.type, plan.base?.[a.name], [a.name], a.name, isRequired(a.type, a.defaultValue));
    if (v !== undefined) out[a.name] = v;
  }
  return out;
}

/**
 * How a request with the caller's own ids is put together. The sweeps try these in turn until the request with the
 * caller's own id in the slot under test is answered differently from one with an id found nowhere: only then can
 * the answer to a foreign id show a leak. (A stale example date, a deal already won, a rule that needs one of two
 * optional references: each makes every variant fail alike, and the next attempt avoids it.)
 */
export interface Attempt {
  /** Start from the REST row's example body (else only required values). */
  example: boolean;
  /** Fill the optional id slots with own records too. */
  optional: boolean;
  /** Which own record of a kind: its index, oldest first (negative: from the newest). */
  pick: number;
}
/** Oldest, newest, second, third: records made in one statement tie on their creation time, so which is "oldest" varies. */
export const ATTEMPTS: Attempt[] = [0, -1, 1, 2].flatMap((pick) =>
  [true, false].flatMap((example) => [false, true].map((optional) => ({ example, optional, pick }))),
);

export interface OwnArgs {
  /** The row's example, under its argument name. */
  example?: Record<string, unknown>;
  attempt: Attempt;
  /** The caller's own records that fit a slot, oldest first. */
  own(slot: IdSlot): string[];
  /** What each of the caller's records references (referencesOf), to list the ids that belong together. */
  refs?: Map<string, Set<string>>;
  /** Slots that must be given whatever the attempt (a REST path's). */
  always?(slot: IdSlot): boolean;
  /** The slot under test and its value (none: the caller's own, as for a required slot). */
  varied?: IdSlot;
  value?: string | string[];
}

/** A root field's arguments with the caller's own ids (a list slot: every own record of its kind not used elsewhere). */
export function ownArgs(field: GraphQLField<unknown, unknown>, slots: IdSlot[], o: OwnArgs): Record<string, unknown> {
  const pickOf = (ids: string[]) => ids[((o.attempt.pick % ids.length) + ids.length) % ids.length || 0];
  const used = new Set(
    slots
      .filter((s) => !s.list && s !== o.varied)
      .map((s) => pickOf(o.own(s)))
      .filter(Boolean),
  );
  return buildArgs(
    field,
    {
      base: o.attempt.example ? o.example : undefined,
      varied: o.varied?.path,
      id: (s) => {
        if (s === o.varied && o.value !== undefined) return o.value;
        if (!(s === o.varied || s.required || o.attempt.optional || o.always?.(s))) return undefined;
        const ids = o.own(s);
        if (!ids.length) return s.required || o.always?.(s) ? NOWHERE_ID : undefined;
        if (!s.list) return pickOf(ids);
        // A list of ids of one kind: those that belong to a record named elsewhere in the request (the stages of the
        // pipeline in the path), else every one not used elsewhere.
        const rest = ids.filter((id) => !used.has(id));
        const related = rest.filter((id) => [...used].some((u) => o.refs?.get(id)?.has(u)));
        return related.length ? related : rest.length ? rest : [ids[0]];
      },
    },
    slots,
  );
}

/** Every field of an output type, `depth` object levels deep, with __typename on every object (for coverage). */
export function fullSelection(type: GraphQLOutputType, depth: number): string | undefined {
  const named = getNamedType(type);
  if (!isObjectType(named) || depth === 0) return undefined;
  const parts = ['__typename'];
  for (const f of Object.values(named.getFields())) {
    if (f.args.some((a) => isRequired(a.type, a.defaultValue))) continue;
    if (isLeafType(getNamedType(f.type))) parts.push(f.name);
    else {
      const sub = fullSelection(f.type, depth - 1);
      // A capped relation list (`limit`) asks for two: the sweep is about whose rows come back, not how many, and the
      // query-cost limit multiplies nested lists by their limits.
      const capped = f.args.some((a) => a.name === 'limit') ? '(limit: 2)' : '';
      if (sub) parts.push(`${f.name}${capped} ${sub}`);
    }
  }
  return `{ ${parts.join(' ')} }`;
}

/** A whole operation document for a root field, its arguments as variables typed as the schema declares them. */
export function operationFor(
  root: RootName | 'Subscription',
  field: GraphQLField<unknown, unknown>,
  selection = fullSelection(field.type, 4),
): string {
  // An argument with a default takes a nullable variable: left out, it means the default (as in rest-adapter/compile.ts).
  const defs = field.args
    .map((a) => `$${a.name}: ${String(a.defaultValue !== undefined ? getNullableType(a.type) : a.type)}`)
    .join(', ');
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  return `${root.toLowerCase()} Sweep_${field.name}${defs ? `(${defs})` : ''} { ${field.name}${args ? `(${args})` : ''} ${selection ?? ''} }`;
}

/**
 * The schema as the resolvers declare it, built synchronously: jest needs the list of root fields and types when
 * it collects the test cases (test.each), before any beforeAll runs. The sweeps run on the app's real schema.
 */
export function declaredSchema(): GraphQLSchema {
  return buildSchemaSync({ resolvers, validate: false, pubSub: NO_PUBSUB });
}

export function rootFields(schema: GraphQLSchema): RootField[] {
  const of = (root: RootName, type: GraphQLObjectType | null | undefined) =>
    Object.values(type?.getFields() ?? {}).map((field) => ({ root, field }));
  return [...of('Query', schema.getQueryType()), ...of('Mutation', schema.getMutationType())];
}

/** Relation fields (fields whose type is an object type) of every object type a root field reaches. */
export function relationFields(schema: GraphQLSchema): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const visit = (type: GraphQLNamedType) => {
    if (!isObjectType(type) || out.has(type.name)) return;
    out.set(type.name, []);
    for (const f of Object.values(type.getFields())) {
      const inner = getNamedType(f.type);
      if (isObjectType(inner)) {
        out.get(type.name)!.push(f.name);
        visit(inner);
      }
    }
  };
  for (const { field } of rootFields(schema)) visit(getNamedType(field.type));
  return out;
}

let lastSession: string | undefined;

/**
 * Whether a response ended the caller's session or started another one (logout, register, login, a 401): the
 * sweeps then log in again, so that every request runs as the one caller they mean. (Every response re-sends the
 * sliding cookie; only a new value or a cleared one counts.)
 */
export function sessionChanged(res: { status: number; headers: Record<string, unknown> }): boolean {
  const cookie = ([] as string[])
    .concat((res.headers['set-cookie'] as string[] | undefined) ?? [])
    .find((c) => c.startsWith('sessionId='));
  const value = cookie?.slice('sessionId='.length).split(';')[0];
  const changed =
    res.status === 401 || value === '' || (value !== undefined && lastSession !== undefined && value !== lastSession);
  if (value) lastSession = value;
  if (changed) lastSession = undefined;
  return changed;
}

/** The first secret found in a text, if any. */
export function leakIn(text: string, secrets: string[]): string | undefined {
  return secrets.find((s) => text.includes(s));
}

/** Runs `fn` over items, `width` at a time. */
export async function inBatches<T>(items: T[], width: number, fn: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(fn));
}
