import type { OperationDefinitionNode } from 'graphql';
import type { Bucket } from '../http/rate-limit';
import { AUTH_OPERATIONS } from '../http/auth-operations';

/** Which rate-limit budget a GraphQL operation draws on: login/register count as auth, mutations as writes, the rest as reads. */
export function operationBucket(op: OperationDefinitionNode | undefined): Bucket {
  if (!op || op.operation !== 'mutation') return 'read';
  const fields = op.selectionSet.selections.flatMap((s) => (s.kind === 'Field' ? [s.name.value] : []));
  return fields.some((f) => AUTH_OPERATIONS.has(f)) ? 'auth' : 'write';
}
