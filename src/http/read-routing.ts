import type { Request, RequestHandler } from 'express';
import { Kind, parse, type ExecutionResult, type OperationDefinitionNode } from 'graphql';
import type { MikroORM } from '@mikro-orm/postgresql';
import { isConnectionError, type ReadReplica } from '../db/read-replica';
import { replicaReads } from '../observability/metrics';
import type { Principal } from './principal';
import type { RouteRow } from './route-row';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set when READ_DATABASE_URL is (docs/deploy.md, "A read replica"). */
      readReplica?: ReadReplica;
      /** The database this request's context reads from, when a heavy read chose it (graphql/context.ts). */
      readOrm?: MikroORM;
    }
  }
}

/** The paths whose GET rows are heavy reads: the reports and the search; and every list's export (RouteRow `export`). */
const HEAVY_PATHS = ['/api/analytics', '/api/search'];

/** Is the row a heavy read, which a read replica may serve? */
export function isHeavyRead(row: RouteRow): boolean {
  if (row.export) return true;
  return row.method === 'GET' && HEAVY_PATHS.some((p) => row.path === p || row.path.startsWith(`${p}/`));
}

/** Whose writes a read must see: the API key, else the session, else the user. */
function callerOf(principal: Principal): string {
  if (principal.apiKeyId) return `k:${principal.apiKeyId}`;
  return principal.sessionId ? `s:${principal.sessionId}` : `u:${principal.userId}`;
}

/** A request that may write: anything but GET and HEAD; on /graphql, a document that holds a mutation (or no text). */
function mayWrite(req: Request): boolean {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return false;
  if (req.path !== '/graphql') return true;
  const query = (req.body as { query?: unknown } | undefined)?.query;
  return typeof query !== 'string' || /\bmutation\b/.test(query); // a persisted query's hash alone: may be one
}

/**
 * After authentication: a caller's write request makes its heavy reads go to the primary from its start until the
 * replica has replayed past it (src/db/read-replica.ts); a heavy read later chooses with `chooseReadDatabase`.
 */
export function readRouting(replica: ReadReplica): RequestHandler {
  return (req, res, next) => {
    req.readReplica = replica;
    const principal = req.auth?.principal;
    if (principal && mayWrite(req)) {
      const end = replica.beginWrite(callerOf(principal));
      let ended = false;
      const finish = () => {
        if (ended) return;
        ended = true;
        void end(res.statusCode < 400);
      };
      res.once('finish', finish);
      res.once('close', finish);
    }
    next();
  };
}

/** A heavy read: picks the replica or the primary for this request's context (the primary without a principal). */
export async function chooseReadDatabase(req: Request): Promise<void> {
  const principal = req.auth?.principal;
  if (!req.readReplica || !principal) return;
  req.readOrm = await req.readReplica.choose(callerOf(principal), principal.organizationId);
}

/**
 * Runs `run` (an operation whose context reads `req.readOrm`); when it ran on the replica and failed for the
 * connection (the replica went away between the probe and the read), the replica is left alone and `run` runs
 * again on the primary: a replica's failure is never the caller's error.
 */
export async function withReadFallback<T>(
  req: Request,
  run: () => Promise<T>,
  failure: (r: T) => unknown,
  /** false once the answer has begun (an export's first byte): then nothing can run again. */
  canRetry: () => boolean = () => true,
): Promise<T> {
  const replica = req.readReplica;
  if (!replica) return run();
  const onReplica = () => req.readOrm === replica.replica && canRetry();
  let result: T;
  try {
    result = await run();
  } catch (e) {
    if (!onReplica() || !isConnectionError(e)) throw e;
    result = e as T;
  }
  const error = result instanceof Error ? result : failure(result);
  if (!onReplica() || !isConnectionError(error)) return result;
  replica.failed(error);
  req.readOrm = replica.primary;
  replicaReads.inc({ target: 'primary', reason: 'down' });
  return run();
}

/** The first error of a GraphQL result, as thrown by its resolver. */
export const executionFailure = (r: ExecutionResult): unknown => {
  const first = r.errors?.[0];
  return first ? (first.originalError ?? first) : undefined;
};

/**
 * On /graphql, before Apollo: a query whose root fields are all heavy reads (the operations of the heavy REST rows)
 * chooses its database like the REST row would.
 */
export function graphqlReadRouting(heavyFields: ReadonlySet<string>): RequestHandler {
  return (req, _res, next) => {
    const source = req.graphql?.source;
    if (!req.readReplica || !source || !onlyHeavyFields(source, req, heavyFields)) return next();
    chooseReadDatabase(req).then(() => next(), next);
  };
}

function onlyHeavyFields(source: string, req: Request, heavyFields: ReadonlySet<string>): boolean {
  try {
    const name = (req.body as { operationName?: unknown } | undefined)?.operationName ?? req.query.operationName;
    const operations = parse(source).definitions.filter(
      (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
    );
    const op = operations.length === 1 ? operations[0] : operations.find((o) => o.name?.value === name);
    return (
      op?.operation === 'query' &&
      op.selectionSet.selections.every(
        (s) => s.kind === Kind.FIELD && (s.name.value === '__typename' || heavyFields.has(s.name.value)),
      )
    );
  } catch {
    return false; // Apollo answers the bad document
  }
}
