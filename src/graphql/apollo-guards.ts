import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import type { ApolloServerPlugin } from '@apollo/server';
import { ErrorCode } from '../lib/errors';
import { UNAVAILABLE_RETRY_SECONDS } from '../lib/to-app-error';
import type { Context } from './context';

/**
 * Defence in depth for the query limits (graphql-request.ts): an operation runs only if its document text is
 * the one measured before the rate limiter. Every path Apollo reads a document from (POST, GET, persisted-query
 * hash) is measured today; a path added tomorrow that is not is refused here instead of running unmeasured.
 */
export const runsOnlyMeasured: ApolloServerPlugin<Context<unknown>> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ source, operation, contextValue }) {
        if (operation && contextValue.measuredSource !== source)
          throw new GraphQLError('The operation was not measured against the query limits', {
            extensions: { code: ErrorCode.BAD_REQUEST, http: { status: 400 } },
          });
      },
    };
  },
};

/**
 * An execution cut by the request's deadline (graphql/deadline-fields.ts, a cancelled statement) answers as the
 * deadline does elsewhere: 503 REQUEST_TIMEOUT and no partial data. A database that is down or restarting answers as
 * it does on REST: 503 SERVICE_UNAVAILABLE with Retry-After and no partial data (it was a 200 with the error in
 * `errors`, found by the soak benchmark, docs/performance.md, "Soak").
 */
export const unavailableAnswers503: ApolloServerPlugin<Context<unknown>> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        if (response.body.kind !== 'single') return;
        const result = response.body.singleResult;
        const cause = result.errors?.find(
          (e) =>
            e.extensions?.code === ErrorCode.REQUEST_TIMEOUT || e.extensions?.code === ErrorCode.SERVICE_UNAVAILABLE,
        );
        if (!cause) return;
        response.http.status = 503;
        if (cause.extensions?.code === ErrorCode.SERVICE_UNAVAILABLE)
          response.http.headers.set('retry-after', String(UNAVAILABLE_RETRY_SECONDS));
        result.data = undefined;
        result.errors = [cause];
      },
    };
  },
};

/** graphql-js's "Did you mean ...?" ends a message; it names fields, arguments, types and enum values. */
const SUGGESTION = /\s*Did you mean[\s\S]*$/;

/**
 * With introspection off (production), no error names a part of the schema the caller did not write: the
 * suggestions are cut from every message, the validation's and the variables' coercion's alike, details included.
 */
export function withoutSuggestions(
  format: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError,
): (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError {
  return (formatted, error) => {
    const out = format(formatted, error);
    const details = out.extensions?.details as { message?: string }[] | undefined;
    return {
      ...out,
      message: out.message.replace(SUGGESTION, ''),
      ...(details
        ? {
            extensions: {
              ...out.extensions,
              details: details.map((d) => (d.message ? { ...d, message: d.message.replace(SUGGESTION, '') } : d)),
            },
          }
        : {}),
    };
  };
}
