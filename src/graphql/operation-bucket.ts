import type { Request } from 'express';
import { OperationDefinitionNode, parse } from 'graphql';
import { Bucket } from '../http/rate-limit';
import { AUTH_OPERATIONS } from '../http/auth-operations';

const cache = new Map<string, Bucket>();
const CACHE_MAX = 1000;

/** Which rate-limit budget a GraphQL request draws on: login/register count as auth, mutations as writes, the rest as reads. */
export function graphqlBucket(req: Request): Bucket {
  const body = req.body as { query?: unknown; operationName?: unknown } | undefined;
  if (req.method !== 'POST' || typeof body?.query !== 'string') return 'read';
  const key = `${String(body.operationName ?? '')}\n${body.query}`;
  let bucket = cache.get(key);
  if (!bucket) {
    bucket = classify(body.query, typeof body.operationName === 'string' ? body.operationName : undefined);
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(key, bucket);
  }
  return bucket;
}

function classify(query: string, operationName?: string): Bucket {
  let ops: OperationDefinitionNode[];
  try {
    ops = parse(query).definitions.filter((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
  } catch {
    return 'read'; // Apollo answers the syntax error
  }
  const op = operationName ? ops.find((o) => o.name?.value === operationName) : ops[0];
  if (!op || op.operation !== 'mutation') return 'read';
  const fields = op.selectionSet.selections.flatMap((s) => (s.kind === 'Field' ? [s.name.value] : []));
  return fields.some((f) => AUTH_OPERATIONS.has(f)) ? 'auth' : 'write';
}
