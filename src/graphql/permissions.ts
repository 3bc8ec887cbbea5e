import { GraphQLError } from 'graphql';
import { ErrorCode } from '../lib/errors';
import { ACCESS, Access, RootRules } from './rules';

/** The access level of a root field according to a rule tree: the REST adapter and the OpenAPI document read it. */
export function accessOf(rules: Required<RootRules>, root: 'Query' | 'Mutation', field: string): Access | undefined {
  const r = rules[root][field];
  return r ? ACCESS.get(r) : undefined;
}

/** Returned for a root field with no rule (fallbackRule deny). */
export const fallbackError = new GraphQLError('Not authorised', { extensions: { code: ErrorCode.FORBIDDEN } });
