import type { Request, RequestHandler } from 'express';
import type { Bucket } from '../http/rate-limit';
import { AppError, isAppError } from '../lib/errors';
import { operationBucket } from './operation-bucket';
import type { QueryLimits } from './query-limits';

/** What the /graphql middlewares learn about a request before Apollo sees it. */
export interface GraphqlRequestInfo {
  bucket: Bucket;
  cost: number;
  /** Over a query limit: answered 400 after the rate limiter has counted the request. */
  refusal?: AppError;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      graphql?: GraphqlRequestInfo;
    }
  }
}

interface RawOperation {
  query: string;
  operationName?: string;
  variables?: Record<string, unknown>;
}

const asObject = (v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** The operation as Apollo will read it: a POST JSON body, or the query string of a GET (variables as JSON text). */
function rawOperation(req: Request): RawOperation | undefined {
  const source = req.method === 'GET' ? asObject(req.query) : asObject(req.body);
  if (typeof source?.query !== 'string') return undefined;
  let variables: unknown = source.variables;
  if (typeof variables === 'string') {
    try {
      variables = JSON.parse(variables);
    } catch {
      variables = undefined; // Apollo answers the malformed variables
    }
  }
  return {
    query: source.query,
    operationName: typeof source.operationName === 'string' ? source.operationName : undefined,
    variables: asObject(variables),
  };
}

/**
 * Parses and measures a /graphql request (its budget, shape and cost) before the rate limiter and Apollo run.
 * A malformed request is left to Apollo, which answers it with its own error.
 */
export function measureGraphqlRequest(limits: QueryLimits): RequestHandler {
  return (req, _res, next) => {
    const info: GraphqlRequestInfo = { bucket: 'read', cost: 0 };
    req.graphql = info;
    const raw = rawOperation(req);
    if (!raw) return next();
    try {
      const parsed = limits.parse(raw.query, raw.operationName);
      if (!parsed?.operation || !parsed.shape) return next();
      info.bucket = operationBucket(parsed.operation);
      limits.checkShape(parsed.shape);
      info.cost = limits.cost(parsed.document, raw.variables, raw.operationName) ?? 0;
    } catch (e) {
      if (!isAppError(e)) return next(e);
      info.refusal = e;
    }
    next();
  };
}

/** The units the rate limiter draws: a refused request counts once, whatever it would have cost. */
export const graphqlBucket = (req: Request): Bucket => req.graphql?.bucket ?? 'read';
export const graphqlCost = (req: Request): number => (req.graphql?.refusal ? 0 : (req.graphql?.cost ?? 0));

/** Answers a refused operation as GraphQL-over-HTTP does for a request error: status 400 and an `errors` array. */
export const refuseOverLimit: RequestHandler = (req, res, next) => {
  const refusal = req.graphql?.refusal;
  if (!refusal) return next();
  req.log?.warn({ code: refusal.code }, refusal.message);
  res.status(refusal.status).json({ errors: [{ message: refusal.message, extensions: { code: refusal.code } }] });
};
