import { GraphQLObjectType, GraphQLSchema, printSchema } from 'graphql';
import { buildSchema, getMetadataStorage, NonEmptyArray } from 'type-graphql';
import { applyMiddleware } from 'graphql-middleware';
import { deny, shield } from 'graphql-shield';
import type { IRules } from 'graphql-shield';
import { fallbackError } from './permissions';
import { validateArgs } from './validate-args';
import { stopAtDeadline } from './deadline-fields';
import { auditNoteMiddleware } from './audit-note';
import { checkAtStart } from './subscription-access';
import type { RootRules } from './rules';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export type Resolvers = NonEmptyArray<Function>;

/**
 * type-graphql wants a PubSub as soon as there is a subscription, even when every one brings its own `subscribe`
 * (src/modules/live/live.resolver.ts reads src/live's hub): topics-based subscriptions are not used.
 */
export const NO_PUBSUB = {
  publish(): void {
    throw new Error('subscriptions bring their own `subscribe` (src/live); there is no PubSub');
  },
  subscribe(): AsyncIterable<never> {
    throw new Error('subscriptions bring their own `subscribe` (src/live); there is no PubSub');
  },
};

/** The schema as type-graphql builds it from the resolvers, before any middleware. Printed to schema.graphql. */
export async function buildBaseSchema(resolvers: Resolvers): Promise<GraphQLSchema> {
  const schema = await buildSchema({
    resolvers,
    validateFn: validateArgs,
    emitSchemaFile: false,
    pubSub: NO_PUBSUB,
  });
  return inResolverOrder(schema, resolvers);
}

/**
 * type-graphql orders root fields by the order its decorators ran, i.e. by which file happened to be imported
 * first. The service orders them by the module list instead (src/modules/index.ts), then by each module's
 * resolver list, then by declaration: schema.graphql reads in the order of the capabilities, whatever the imports.
 */
function inResolverOrder(schema: GraphQLSchema, resolvers: Resolvers): GraphQLSchema {
  const storage = getMetadataStorage();
  const reorder = (type: GraphQLObjectType | null | undefined, declared: { target: unknown; schemaName: string }[]) => {
    if (!type) return undefined;
    const config = type.toConfig();
    const rank = new Map(
      resolvers
        .flatMap((r) => declared.filter((d) => d.target === r).map((d) => d.schemaName))
        .map((name, i) => [name, i]),
    );
    const names = Object.keys(config.fields).sort((a, b) => (rank.get(a) ?? rank.size) - (rank.get(b) ?? rank.size));
    return new GraphQLObjectType({ ...config, fields: Object.fromEntries(names.map((n) => [n, config.fields[n]])) });
  };
  const config = schema.toConfig();
  const query = reorder(config.query, storage.queries);
  const mutation = reorder(config.mutation, storage.mutations);
  const subscription = reorder(config.subscription, storage.subscriptions);
  const roots = [config.query, config.mutation, config.subscription];
  // Types are listed in the order the root fields reach them; types no root field reaches follow.
  const reached = new GraphQLSchema({ ...config, query, mutation, subscription, types: [] });
  const orphans = config.types.filter((t) => !roots.includes(t as GraphQLObjectType) && !reached.getType(t.name));
  return orphans.length
    ? new GraphQLSchema({
        ...config,
        query,
        mutation,
        subscription,
        types: [...Object.values(reached.getTypeMap()), ...orphans],
      })
    : reached;
}

export async function printAppSchema(resolvers: Resolvers): Promise<string> {
  return `# Generated from the resolvers by \`npm run schema:print\`; a test fails when it is stale.\n\n${printSchema(await buildBaseSchema(resolvers))}\n`;
}

const ROOTS = ['Query', 'Mutation', 'Subscription'];

/**
 * The executable schema: base schema plus graphql-shield. Shield guards the ROOT fields only (every
 * Query, Mutation and Subscription field has a rule, a missing one is denied by fallbackRule; a subscription's
 * rule is checked on every event and when it starts: ./subscription-access.ts); object fields are only
 * reachable through a guarded root and tenancy is enforced again in the data layer, so wrapping every
 * field of every list row (2x slower lists, docs/decisions.md) buys nothing.
 */
export async function buildAppSchema(resolvers: Resolvers, rules: Required<RootRules>): Promise<GraphQLSchema> {
  const schema = await buildBaseSchema(resolvers);
  const generator = shield(rules as IRules, { fallbackRule: deny, fallbackError, allowExternalErrors: true });
  const all = generator.generate(schema) as Record<string, unknown>;
  const rootOnly = Object.fromEntries(Object.entries(all).filter(([type]) => ROOTS.includes(type)));
  // The audit note wraps the shield, so an operation the shield refuses is still named in the audit entry.
  const guarded = applyMiddleware(schema, auditNoteMiddleware as never, rootOnly as never);
  return stopAtDeadline(checkAtStart(guarded, rules));
}
