import {
  DocumentNode,
  FieldNode,
  GraphQLObjectType,
  GraphQLSchema,
  getNullableType,
  Kind,
  OperationDefinitionNode,
} from 'graphql';
import type { CompiledRoute } from './compile';
import { LIMIT_MAX } from '../src/db/pagination';
import type { QueryLimits } from '../src/graphql/query-limits';
import { shapeOf } from '../src/graphql/query-shape';

/** A compiled row with the cost of its operation for a page size (`limit` of the query string, else its default). */
export type PricedRoute = CompiledRoute & { cost(limit?: number): number };

/**
 * The schema with every root argument optional. A row's cost depends only on its selection and its `limit`, so
 * it is measured on its document without the other arguments, which have no value before a request binds them.
 */
function withOptionalRootArgs(schema: GraphQLSchema): GraphQLSchema {
  const relax = (type: GraphQLObjectType | null | undefined) => {
    if (!type) return undefined;
    const config = type.toConfig();
    const fields = Object.fromEntries(
      Object.entries(config.fields).map(([name, f]) => [
        name,
        {
          ...f,
          args: Object.fromEntries(
            Object.entries(f.args ?? {}).map(([a, arg]) => [a, { ...arg, type: getNullableType(arg.type) }]),
          ),
        },
      ]),
    );
    return new GraphQLObjectType({ ...config, fields });
  };
  const config = schema.toConfig();
  const roots = [config.query, config.mutation];
  return new GraphQLSchema({
    ...config,
    query: relax(config.query),
    mutation: relax(config.mutation),
    types: config.types.filter((t) => !roots.includes(t as GraphQLObjectType)),
  });
}

/** The row's document with only the `limit` argument (and its variable) left on the root field. */
function costDocument(document: DocumentNode): DocumentNode {
  const op = document.definitions[0] as OperationDefinitionNode;
  const root = op.selectionSet.selections[0] as FieldNode;
  const isLimit = (name: string) => name === 'limit';
  const field: FieldNode = { ...root, arguments: root.arguments?.filter((a) => isLimit(a.name.value)) };
  return {
    kind: Kind.DOCUMENT,
    definitions: [
      {
        ...op,
        variableDefinitions: op.variableDefinitions?.filter((v) => isLimit(v.variable.name.value)),
        selectionSet: { ...op.selectionSet, selections: [field] },
      },
    ],
  };
}

/**
 * Prices every row once, at start-up, and holds the table to the same limits as any GraphQL client: a row whose
 * selection is deeper or broader than the limits, or whose largest page costs more than the limit, stops the
 * start with a message naming it. A request is then charged its row's cost at its own page size.
 */
export function priceRoutes(schema: GraphQLSchema, routes: CompiledRoute[], limits: QueryLimits): PricedRoute[] {
  const costSchema = withOptionalRootArgs(schema);
  return routes.map((route) => {
    const label = `REST route ${route.row.method} ${route.row.path}`;
    const document = costDocument(route.document);
    const byLimit = new Map<number | undefined, number>();
    const cost = (limit?: number) => {
      let c = byLimit.get(limit);
      if (c === undefined) {
        c = limits.cost(document, limit === undefined ? {} : { limit }, undefined, costSchema);
        if (c === undefined) throw new Error(`${label}: its cost could not be computed`);
        byLimit.set(limit, c);
      }
      return c;
    };
    try {
      limits.checkShape(shapeOf(route.document, route.document.definitions[0] as OperationDefinitionNode));
      cost(route.field.args.some((a) => a.name === 'limit') ? LIMIT_MAX : undefined);
    } catch (e) {
      throw new Error(
        `${label}: ${e instanceof Error ? e.message : String(e)}; change its selection or the limits (README, Limits)`,
        { cause: e },
      );
    }
    return { ...route, cost };
  });
}
