/**
 * POST /api/batch (docs/bulk.md, "Batch"): up to 25 REST operations in ONE database transaction, all or nothing.
 * Each operation runs through its row as a request of its own would (access, binding, the row's GraphQL operation,
 * shield, services) with a context whose EntityManager forks the batch's transaction; the first failure rolls
 * everything back and is answered with its status and error body, naming the operation. Priced as the sum of its
 * operations: each draws what it would draw alone (route-cost.ts), all from the write budget.
 */
import type { Request, RequestHandler, Response } from 'express';
import { execute, GraphQLSchema } from 'graphql';
import { ContextDeps, createContext } from '../src/graphql/context';
import { accessError } from '../src/graphql/rules';
import { sendError } from '../src/http/error-response';
import type { RateLimiter } from '../src/http/rate-limit';
import { AppError, ErrorCode } from '../src/lib/errors';
import { toAppError } from '../src/lib/to-app-error';
import { LIMIT_MAX } from '../src/db/pagination';
import { BatchOperation, parseBatch, REFERENCE } from './batch-parse';
import type { PricedRoute } from './route-cost';
import { bindVariables, RequestParts } from './variables';

/** An operation's failure: its index and the error it was answered with. */
class OperationFailed extends Error {
  constructor(
    readonly index: number,
    readonly error: AppError,
    override readonly cause?: unknown,
  ) {
    super(error.message);
  }
}

/** The value `{{N.a.b}}` names in the results so far; a name that leads nowhere is the caller's error. */
function lookup(results: unknown[], index: number, path: string, ref: string): unknown {
  let value: unknown = results[index];
  for (const key of path.split('.').filter(Boolean)) {
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  }
  if (value === undefined)
    throw AppError.validation([{ field: ref, message: `${ref} names nothing in the result of operation ${index}` }]);
  return value;
}

/** Replaces the references of a value (deeply) by the earlier results. */
function resolve(value: unknown, results: unknown[]): unknown {
  if (typeof value === 'string') {
    const whole = new RegExp(`^${REFERENCE.source}$`).exec(value);
    if (whole) return lookup(results, Number(whole[1]), whole[2], whole[0]);
    return value.replace(REFERENCE, (ref, n: string, path: string) => {
      const v = lookup(results, Number(n), path, ref);
      return typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
    });
  }
  if (Array.isArray(value)) return value.map((v) => resolve(v, results));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, results)]));
  return value;
}

/** The path parameters of an operation, references resolved. */
function paramsOf(op: BatchOperation, results: unknown[]): Record<string, string> {
  const names = op.route.row.path.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  names.forEach((n, i) => {
    if (n.startsWith(':')) params[n.slice(1)] = String(resolve(decodeURIComponent(op.segments[i]), results));
  });
  return params;
}

async function runOperation(
  deps: ContextDeps<unknown>,
  schema: GraphQLSchema,
  req: Request,
  res: Response,
  em: ContextDeps<unknown>['orm']['em'],
  op: BatchOperation,
  results: unknown[],
): Promise<unknown> {
  const denied = accessError(op.route.access, req.auth.principal, req.auth.failure);
  if (denied) throw denied;
  const parts: RequestParts = {
    params: paramsOf(op, results),
    query: resolve(op.query, results) as RequestParts['query'],
    body: op.body === undefined ? undefined : resolve(op.body, results),
    is: () => 'application/json',
  };
  const variableValues = bindVariables(op.route, parts);
  const contextValue = createContext(deps, req, res, em);
  const result = await execute({ schema, document: op.route.document, variableValues, contextValue });
  const first = result.errors?.[0];
  if (first) throw toAppError(first) ?? new AppError(ErrorCode.INTERNAL_SERVER_ERROR, 'Internal server error');
  return result.data?.[op.route.row.operation] ?? null;
}

/** What a batch draws from the write budget: the sum of what each operation would draw alone (at least one). */
export function batchUnits(limiter: RateLimiter, ops: BatchOperation[] | undefined): number {
  if (!ops) return 1;
  const limitOf = (op: BatchOperation) => {
    const n = Number(op.query.limit);
    return Number.isInteger(n) && n >= 1 ? Math.min(n, LIMIT_MAX) : undefined;
  };
  return Math.max(
    1,
    ops.reduce((sum, op) => sum + limiter.units(op.method === 'GET' ? 'read' : 'write', op.route.cost(limitOf(op))), 0),
  );
}

/** The three handlers of POST /api/batch: parse (before the limiter prices it), limit, run. */
export function batchHandlers(
  deps: ContextDeps<unknown>,
  schema: GraphQLSchema,
  routes: PricedRoute[],
  limiter: RateLimiter,
): RequestHandler[] {
  const parse: RequestHandler = (req, res, next) => {
    try {
      res.locals.batch = parseBatch(req.body, routes);
    } catch (e) {
      res.locals.batchError = e;
    }
    next();
  };
  const limit = limiter.middleware(
    () => 'write',
    () => 0,
    (_req, res) => batchUnits(limiter, res.locals.batch as BatchOperation[] | undefined),
  );
  const run: RequestHandler = async (req, res, next) => {
    try {
      const denied = accessError('session', req.auth.principal, req.auth.failure);
      if (denied) return sendError(req, res, denied);
      if (res.locals.batchError) throw res.locals.batchError;
      const ops = res.locals.batch as BatchOperation[];
      const results: unknown[] = [];
      const base = (req.idempotency?.em ?? deps.orm.em).fork({ clear: true, keepTransactionContext: true });
      try {
        await base.transactional(async (tx) => {
          for (const [i, op] of ops.entries()) {
            try {
              results.push(await runOperation(deps, schema, req, res, tx, op, results));
            } catch (e) {
              const error = e instanceof AppError ? e : toAppError(e);
              if (!error || error.status >= 500) throw e;
              throw new OperationFailed(i, error, e);
            }
          }
        });
      } catch (e) {
        if (!(e instanceof OperationFailed)) throw e;
        const op = ops[e.index];
        const failed = new AppError(
          e.error.code,
          `Operation ${e.index} (${op.method} ${op.path}) failed, nothing was written: ${e.error.message}`,
          [
            { field: `operations[${e.index}]`, message: e.error.message },
            ...(e.error.details ?? []).map((d) => ({ ...d, field: `operations[${e.index}].${d.field}` })),
          ],
          e.error.headers,
        );
        return sendError(req, res, failed, e.cause);
      }
      res.status(200).json({
        results: ops.map((op, i) => ({ status: op.route.row.status ?? 200, body: results[i] })),
      });
    } catch (e) {
      next(e);
    }
  };
  return [parse, limit, run];
}
