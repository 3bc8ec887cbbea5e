import type { GraphQLFormattedError } from 'graphql';
import { toAppError } from '../lib/to-app-error';

/**
 * GraphQL face of the error model: the same codes as REST in `extensions.code`, validation details in
 * `extensions.details`, and nothing internal (no stack, SQL or message) for a 500.
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const app = toAppError(error);
  const base = { locations: formatted.locations, path: formatted.path };
  if (!app) return { ...base, message: formatted.message, extensions: { code: formatted.extensions?.code } };
  return {
    ...base,
    // A 503 (the deadline, the database unreachable) says what to do, as on REST; any other 5xx says nothing.
    message: app.status >= 500 && app.status !== 503 ? 'Internal server error' : app.message,
    extensions: { code: app.code, ...(app.details ? { details: app.details } : {}) },
  };
}
