import type { ApolloServerPlugin } from '@apollo/server';
import { graphqlOperations } from './metrics';

/** Operation names are chosen by clients: past this many distinct names, new ones count as `other`. */
const MAX_NAMES = 200;
const seen = new Set<string>();

function nameOf(name: string | null | undefined): string {
  if (!name) return 'anonymous';
  if (seen.has(name)) return name;
  if (seen.size >= MAX_NAMES) return 'other';
  seen.add(name);
  return name;
}

/** Counts every GraphQL operation of /graphql by name, type and outcome. */
export const graphqlMetrics: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async willSendResponse({ operationName, operation, errors, response }) {
        const failed =
          Boolean(errors?.length) ||
          (response.body.kind === 'single' && Boolean(response.body.singleResult.errors?.length));
        graphqlOperations.inc({
          operation: nameOf(operationName),
          type: operation?.operation ?? 'unknown',
          outcome: failed ? 'error' : 'ok',
        });
      },
    };
  },
};
