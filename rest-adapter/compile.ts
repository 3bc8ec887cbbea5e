import {
  DocumentNode,
  getNamedType,
  getNullableType,
  GraphQLArgument,
  GraphQLField,
  GraphQLOutputType,
  GraphQLSchema,
  isLeafType,
  isNonNullType,
  isObjectType,
  parse,
  print,
  validate,
} from 'graphql';
import type { RouteRow } from '../src/http/route-row';
import { PAGE_ARGS } from '../src/http/list-export-rows';
import { accessOf } from '../src/graphql/permissions';
import type { Access, RootRules } from '../src/graphql/rules';

export type ArgSource = 'path' | 'query' | 'body';

export interface BoundArg {
  arg: GraphQLArgument;
  source: ArgSource;
  /** Name in the path or query string. */
  key: string;
}

export interface CompiledRoute {
  row: RouteRow;
  root: 'Query' | 'Mutation';
  field: GraphQLField<unknown, unknown>;
  args: BoundArg[];
  document: DocumentNode;
  /** From the shield rule of the field: the adapter answers 401/403 before it reads any parameter. */
  access: Access;
}

const DEFAULT_DEPTH = 3;

/** Every field without required arguments, `depth` object levels deep. */
export function defaultSelection(type: GraphQLOutputType, depth = DEFAULT_DEPTH): string | undefined {
  const named = getNamedType(type);
  if (!isObjectType(named) || depth === 0) return undefined;
  const parts: string[] = [];
  for (const f of Object.values(named.getFields())) {
    if (f.args.some((a) => isNonNullType(a.type) && a.defaultValue === undefined)) continue;
    const inner = getNamedType(f.type);
    if (isLeafType(inner)) parts.push(f.name);
    else {
      const sub = defaultSelection(f.type, depth - 1);
      if (sub) parts.push(`${f.name} ${sub}`);
    }
  }
  return parts.length ? `{ ${parts.join(' ')} }` : undefined;
}

/** Turns a row into a validated GraphQL document once, at start-up. A row that does not fit the schema stops the start. */
export function compileRoute(schema: GraphQLSchema, rules: Required<RootRules>, row: RouteRow): CompiledRoute {
  const root = row.method === 'GET' ? 'Query' : 'Mutation';
  const type = root === 'Query' ? schema.getQueryType() : schema.getMutationType();
  const field = type?.getFields()[row.operation];
  if (!field) throw new Error(`REST route ${row.method} ${row.path}: no ${root}.${row.operation} in the schema`);

  const pathParams = [...row.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const argOfParam = (p: string) => row.params?.[p] ?? p;
  // An export (src/http/list-export-rows.ts) takes the list's parameters but its page's: it reads every row.
  const bindable = row.export ? field.args.filter((a) => !PAGE_ARGS.includes(a.name)) : field.args;
  const args: BoundArg[] = bindable.map((arg) => {
    const param = pathParams.find((p) => argOfParam(p) === arg.name);
    if (param) return { arg, source: 'path', key: param };
    if (row.body === arg.name) return { arg, source: 'body', key: arg.name };
    return { arg, source: 'query', key: arg.name };
  });
  for (const p of pathParams) {
    if (!field.args.some((a) => a.name === argOfParam(p)))
      throw new Error(`REST route ${row.path}: path param :${p} matches no argument of ${row.operation}`);
  }
  if (row.body && !field.args.some((a) => a.name === row.body))
    throw new Error(`REST route ${row.path}: body argument ${row.body} not found`);

  const selection = row.selection ?? defaultSelection(field.type) ?? '';
  // An argument with a default takes a nullable variable, so an absent query parameter means "the default".
  const varDefs = field.args
    .map((a) => `$${a.name}: ${String(a.defaultValue !== undefined ? getNullableType(a.type) : a.type)}`)
    .join(', ');
  const argList = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const opName = `Rest_${row.operation}`;
  const source = `${root === 'Query' ? 'query' : 'mutation'} ${opName}${varDefs ? `(${varDefs})` : ''} { ${row.operation}${argList ? `(${argList})` : ''} ${selection} }`;
  // no Token and Location objects: the table's documents are held for the process's life (5 MB of heap with them)
  const document = parse(source, { noLocation: true });
  const errors = validate(schema, document);
  if (errors.length)
    throw new Error(
      `REST route ${row.method} ${row.path}: ${errors.map((e) => e.message).join('; ')}\n${print(document)}`,
    );
  const access = accessOf(rules, root, row.operation);
  if (!access) throw new Error(`REST route ${row.method} ${row.path}: ${root}.${row.operation} has no shield rule`);
  return { row, root, field, args, document, access };
}
