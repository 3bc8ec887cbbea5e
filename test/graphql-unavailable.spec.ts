/**
 * A resolver that meets the database down or restarting answers as REST does: 503 SERVICE_UNAVAILABLE with
 * Retry-After and the message that says to retry, no partial data (docs/operations.md, "Faults"). The soak benchmark
 * caught a GraphQL query that passed authentication from the principal cache just as PostgreSQL stopped: it answered
 * 200 with the error in `errors` and "Internal server error" as its message. Here a real Apollo server with the app's
 * plugin and error format runs a resolver that throws what `toAppError` makes of a lost connection (the moment cannot
 * be hit on purpose through the whole app: test/faults-database-restart.spec.ts covers the rest of that path).
 */
import { ApolloServer } from '@apollo/server';
import { unavailableAnswers503 } from '../src/graphql/apollo-guards';
import { formatError } from '../src/graphql/format-error';
import { toAppError } from '../src/lib/to-app-error';

const lostConnection = Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });

it('a resolver meeting the database down answers 503 SERVICE_UNAVAILABLE with Retry-After, no partial data', async () => {
  const server = new ApolloServer({
    typeDefs: 'type Query { up: Int, contacts: Int }',
    resolvers: {
      Query: {
        up: () => 1,
        contacts: () => {
          throw toAppError(lostConnection);
        },
      },
    },
    formatError,
    plugins: [unavailableAnswers503 as never],
  });
  await server.start();
  try {
    const res = await server.executeOperation({ query: '{ up contacts }' });
    expect(res.http.status).toBe(503);
    expect(res.http.headers.get('retry-after')).toBe('5');
    expect(res.body).toEqual({
      kind: 'single',
      singleResult: {
        errors: [
          expect.objectContaining({
            message: 'The database is not reachable; retry shortly',
            extensions: { code: 'SERVICE_UNAVAILABLE' },
          }),
        ],
      },
    });
  } finally {
    await server.stop();
  }
});
