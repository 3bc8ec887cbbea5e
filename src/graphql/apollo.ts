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
): Promise<{ handler: RequestHandler; stop(): Promise<void> }> {
  const server = new ApolloServer<Context<S>>({
    schema,
    introspection: deps.config.graphqlIntrospection,
    includeStacktraceInErrorResponses: false,
    // src/main.ts owns SIGINT/SIGTERM: Apollo's own handlers (on outside NODE_ENV=test) raced it and left the process hanging.
    stopOnTerminationSignals: false,
    formatError,
    plugins: [
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
  const handler = expressMiddleware(server, { context: async ({ req, res }) => createContext(deps, req, res) });
  return { handler, stop: () => server.stop() };
}
