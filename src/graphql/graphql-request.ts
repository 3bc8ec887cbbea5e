import type { Request, RequestHandler } from 'express';
import type { Bucket } from '../http/rate-limit';
import { AppError, ErrorCode, isAppError } from '../lib/errors';
import { operationBucket } from './operation-bucket';
import { persistedQueryHash, type PersistedQueries } from './persisted-queries';
import type { QueryLimits } from './query-limits';

/** What the /graphql middlewares learn about a request before Apollo sees it. */
export interface GraphqlRequestInfo {
  bucket: Bucket;
  cost: number;
  /** The document text that was measured: Apollo runs no other (graphql/apollo.ts, `runsOnlyMeasured`). */
  source?: string;
  /** Over a query limit, or not servable: answered 400 after the rate limiter has counted the request. */
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

/** A request's operation as Apollo will read it: its text, or a persisted query's hash, or both. */
interface RawOperation {
  query?: string;
  hash?: string;
  operationName?: string;
  variables?: Record<string, unknown>;
}

const asObject = (v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** A GET request carries `variables` and `extensions` as JSON text; a malformed one is left to Apollo. */
function jsonParam(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return undefined;
  }
}

/** The operation of a POST JSON body or of a GET query string; undefined when Apollo would refuse the request itself. */
function rawOperation(req: Request): RawOperation | undefined {
  const source = req.method === 'GET' ? asObject(req.query) : asObject(req.body);
  if (!source) return undefined;
  const persisted = asObject(asObject(jsonParam(source.extensions))?.persistedQuery);
  const hash = typeof persisted?.sha256Hash === 'string' ? persisted.sha256Hash : undefined;
  const query = typeof source.query === 'string' ? source.query : undefined;
  if (query === undefined && hash === undefined) return undefined;
  return {
    query,
    hash,
    operationName: typeof source.operationName === 'string' ? source.operationName : undefined,
    variables: asObject(jsonParam(source.variables)),
  };
}

/**
 * The text Apollo will run: the query sent, which must hash to the persisted-query hash sent with it (else 400
 * PERSISTED_QUERY_HASH_MISMATCH), or the text registered under a hash sent alone. Undefined: a hash this process
 * does not know, which Apollo answers with PERSISTED_QUERY_NOT_FOUND (the client then sends the text).
 */
function documentText(raw: RawOperation, persisted: PersistedQueries): string | undefined {
  if (raw.query === undefined) return raw.hash === undefined ? undefined : persisted.lookup(raw.hash);
  if (raw.hash !== undefined && raw.hash !== persistedQueryHash(raw.query))
    throw new AppError(
      ErrorCode.PERSISTED_QUERY_HASH_MISMATCH,
      'persistedQuery.sha256Hash is not the hash of the query',
    );
  return raw.query;
}

/**
 * Parses and measures a /graphql request (its budget, shape and cost with its actual variables) before the rate
 * limiter and Apollo run, however the document arrives: POST or GET, full text or persisted-query hash. A
 * malformed request is left to Apollo, which answers it with its own error and runs nothing.
 */
export function measureGraphqlRequest(limits: QueryLimits, persisted: PersistedQueries): RequestHandler {
  return (req, _res, next) => {
    const info: GraphqlRequestInfo = { bucket: 'read', cost: 0 };
    req.graphql = info;
    const raw = rawOperation(req);
    if (!raw) return next();
    try {
      const text = documentText(raw, persisted);
      if (text === undefined) return next();
      const parsed = limits.parse(text, raw.operationName);
      if (!parsed?.operation || !parsed.shape) return next();
      info.bucket = operationBucket(parsed.operation);
      if (parsed.operation.operation === 'subscription')
        throw new AppError(
          ErrorCode.OPERATION_NOT_SUPPORTED,
          'subscriptions are not served over HTTP POST: use graphql-ws on this path (a WebSocket) or GET /api/events/stream (SSE)',
        );
      limits.checkShape(parsed.shape);
      info.cost = limits.cost(parsed.document, raw.variables, raw.operationName) ?? 0;
      info.source = text;
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

/** A refused operation goes to the error handler, which answers /graphql in GraphQL's shape (http/error-response.ts). */
export const refuseOverLimit: RequestHandler = (req, _res, next) => next(req.graphql?.refusal);
