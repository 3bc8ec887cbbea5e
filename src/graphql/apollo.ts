import type { GraphQLSchema } from 'graphql';
import type { RequestHandler } from 'express';
import { ApolloServer, ApolloServerPlugin } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { toAppError } from '../lib/to-app-error';
import { graphqlMetrics } from '../observability/graphql-metrics';
import { Context, ContextDeps, createContext } from './context';
import { formatError } from './format-error';
import { unavailableAnswers503, runsOnlyMeasured, withoutSuggestions } from './apollo-guards';
import type { PersistedQueries } from './persisted-queries';

/** Every GraphQL error is logged with the request id; 5xx with the original error, the rest as warnings. */
const logErrors: ApolloServerPlugin<Context<unknown>> = {
  async requestDidStart() {
    return {
      async didEncounterErrors({ errors, contextValue }) {
        for (const e of errors) {
          const app = toAppError(e);
          // The mapped message: graphql-js's own may print a whole input object, a database error's its statement's values.
          const message = app?.message ?? e.message;
          if (app && app.status >= 500) contextValue.log?.error({ err: e.originalError ?? e }, message);
          else contextValue.log?.warn({ code: app?.code ?? e.extensions?.code }, message);
        }
      },
    };
  },
};

export async function createGraphqlHandler<S>(
  deps: ContextDeps<S>,
  schema: GraphQLSchema,
  persistedQueries: PersistedQueries,
): Promise<{ handler: RequestHandler; stop(): Promise<void> }> {
  const introspection = deps.config.graphqlIntrospection;
  const server = new ApolloServer<Context<S>>({
    schema,
    introspection,
    // Without introspection, validation errors name nothing of the schema ("Did you mean ...?")...
    hideSchemaDetailsFromClientErrors: !introspection,
    includeStacktraceInErrorResponses: false,
    // src/main.ts owns SIGINT/SIGTERM: Apollo's own handlers (on outside NODE_ENV=test) raced it and left the process hanging.
    stopOnTerminationSignals: false,
    // ...nor do the variables' coercion errors and details.
    formatError: introspection ? formatError : withoutSuggestions(formatError),
    // Registered by Apollo, read by the query limits before the rate limiter (docs/decisions.md).
    persistedQueries: { cache: persistedQueries },
    plugins: [
      runsOnlyMeasured,
      unavailableAnswers503,
      deps.config.graphqlSandbox
        ? ApolloServerPluginLandingPageLocalDefault({ embed: true, includeCookies: true })
        : ApolloServerPluginLandingPageDisabled(),
      // No type or field sets a cache hint: the default cache-control plugin only wrapped every field resolver.
      ApolloServerPluginCacheControlDisabled(),
      logErrors,
      graphqlMetrics,
    ],
  });
  await server.start();
  const apollo = expressMiddleware(server, { context: async ({ req, res }) => createContext(deps, req, res) });
  // Past the deadline the 503 is already sent (http/deadline.ts): Apollo's late answer has nowhere to go.
  const handler: RequestHandler = (req, res, next) =>
    Promise.resolve(apollo(req, res, next)).catch((e) => (res.headersSent ? undefined : next(e)));
  return { handler, stop: () => server.stop() };
}
