/**
 * A typed TypeScript client of the equipment-rental CRM API:
 * - `rest`: every REST path of the OpenAPI document, typed by openapi-typescript and called with openapi-fetch;
 * - `graphql`: the operations of src/operations, typed by GraphQL Code Generator from schema.graphql.
 * Both share the credentials: an API key, or the session cookie of `login()`.
 */
import createClient, { type Client } from 'openapi-fetch';
import { authFetch, AuthOptions } from './auth-fetch';
import type { paths } from './generated/rest';
import { graphqlClient } from './graphql-client';
import { retryingFetch, RetryOptions } from './retrying-fetch';

export * from './generated/graphql/graphql';
export type { paths, components, operations } from './generated/rest';
export { GraphqlError } from './graphql-client';
export type { GraphqlRequest } from './graphql-client';
export type { RetryOptions } from './retrying-fetch';

export interface CrmClientOptions extends AuthOptions, RetryOptions {
  /** Where the API is, e.g. `http://localhost:3000`. */
  baseUrl: string;
}

export function createCrmClient(options: CrmClientOptions) {
  const auth = authFetch(options);
  // every POST carries an Idempotency-Key; a 503 or a lost answer is retried with the same key
  const send = retryingFetch(auth.fetch, options);
  // annotated: the declaration file names the type, not the default import's namespace (issue 32 part 6)
  const rest: Client<paths> = createClient<paths>({ baseUrl: options.baseUrl, fetch: send });
  return {
    rest,
    graphql: graphqlClient(options.baseUrl, send),
    /** Logs in (REST); later calls carry the session cookie. */
    async login(email: string, password: string) {
      const { data, error } = await rest.POST('/api/auth/login', { body: { email, password } });
      if (error) throw new Error(`login failed: ${error.code}: ${error.message}`);
      return data;
    },
    async logout() {
      await rest.POST('/api/auth/logout');
    },
    /** Whether the client holds a session cookie. */
    get loggedIn(): boolean {
      return auth.session() !== undefined;
    },
  };
}

export type CrmClient = ReturnType<typeof createCrmClient>;
