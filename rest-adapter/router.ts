import { Router } from 'express';
import type { Request, RequestHandler, Response } from 'express';
import { execute, GraphQLSchema } from 'graphql';
import { ContextDeps, createContext } from '../src/graphql/context';
import { accessError } from '../src/graphql/rules';
import { AUTH_OPERATIONS } from '../src/http/auth-operations';
import { sendError } from '../src/http/error-response';
import type { FileAnswer } from '../src/http/route-row';
import { methodBucket, RateLimiter } from '../src/http/rate-limit';
import { AppError, ErrorCode } from '../src/lib/errors';
import { toAppError } from '../src/lib/to-app-error';
import type { CompiledRoute } from './compile';
import type { PricedRoute } from './route-cost';
import { LIMIT_MAX } from '../src/db/pagination';
import { docsRouter, OPENAPI_PATH } from './docs-page';
import { buildOpenApi } from './openapi';
import { bindVariables } from './variables';
import { batchHandlers } from './batch';
import { BATCH_PATH } from './batch-parse';
import { exportHandler, ExportSlots } from './list-export-route';
import { chooseReadDatabase, executionFailure, isHeavyRead, withReadFallback } from '../src/http/read-routing';

/** A file row's answer (src/http/route-row.ts, `file`): the bytes, their type, and the file's name for a download. */
function sendFile(res: Response, status: number, file: FileAnswer): void {
  const name = file.fileName.replace(/[^\w.-]+/g, '_');
  res
    .status(status)
    .type(file.contentType)
    .set('Content-Disposition', `attachment; filename="${name}"`)
    .send(Buffer.from(file.base64, 'base64'));
}

/** The one handler: binds the request to variables, runs the row's operation on the shared schema and context. */
function handler(deps: ContextDeps<unknown>, schema: GraphQLSchema, route: CompiledRoute): RequestHandler {
  const heavy = isHeavyRead(route.row); // the read replica may serve it (docs/deploy.md, "A read replica")
  return async (req, res, next) => {
    try {
      const denied = accessError(route.access, req.auth.principal, req.auth.failure);
      if (denied) return sendError(req, res, denied);
      const variableValues = bindVariables(route, req);
      if (heavy) await chooseReadDatabase(req);
      const run = async () =>
        execute({ schema, document: route.document, variableValues, contextValue: createContext(deps, req, res) });
      const result = heavy ? await withReadFallback(req, run, executionFailure) : await run();
      const first = result.errors?.[0];
      if (first) {
        const error = toAppError(first) ?? new AppError(ErrorCode.INTERNAL_SERVER_ERROR, 'Internal server error');
        return sendError(req, res, error, first.originalError ?? first);
      }
      const data = result.data?.[route.row.operation] ?? null;
      if (route.row.file) return sendFile(res, route.row.status ?? 200, data as FileAnswer);
      res.status(route.row.status ?? 200).json(data);
    } catch (e) {
      next(e);
    }
  };
}

/** The page size a request asks for, as the row's cost sees it: an invalid one is refused later, by validation. */
function pageSize(req: Request): number | undefined {
  const n = Number(req.query.limit);
  return typeof req.query.limit === 'string' && Number.isInteger(n) && n >= 1 ? Math.min(n, LIMIT_MAX) : undefined;
}

/**
 * The one router of the REST table: `compiled` is the table compiled and priced against `schema`
 * (src/composition.ts). Each request draws its row's cost at its page size from the rate-limit budget.
 */
export function createRestRouter(
  deps: ContextDeps<unknown>,
  schema: GraphQLSchema,
  compiled: PricedRoute[],
  limiter: RateLimiter,
): Router {
  const router = Router();
  // One router per resource (`/api/contacts`, ...), mounted at its prefix: a request is matched against its
  // resource's rows only, not against every row of the table before it (about 0.15 ms of Express's routing per
  // request, docs/performance.md, "Sixth session"). Rows keep their order within a resource.
  const resources = new Map<string, Router>();
  const resourceOf = (path: string) => {
    const prefix = /^\/api\/[^/:*]+/.exec(path)?.[0] ?? '';
    let sub = resources.get(prefix);
    if (!sub) {
      resources.set(prefix, (sub = Router()));
      router.use(prefix || '/', sub);
    }
    return { sub, path: path.slice(prefix.length) || '/' };
  };
  router.post(BATCH_PATH, ...batchHandlers(deps, schema, compiled, limiter));
  const exportSlots = new ExportSlots(deps.config.exports.concurrency);
  for (const route of compiled) {
    const bucket = AUTH_OPERATIONS.has(route.row.operation) ? 'auth' : methodBucket(route.row.method);
    const method = route.row.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    const { sub, path } = resourceOf(route.row.path);
    sub[method](
      path,
      limiter.middleware(
        () => bucket,
        // an export reads every row of the filter: it costs what the list's largest page costs
        (req) => route.cost(route.row.export ? LIMIT_MAX : pageSize(req)),
      ),
      route.row.export ? exportHandler(deps, schema, route, exportSlots) : handler(deps, schema, route),
    );
  }
  const openapi = buildOpenApi(compiled);
  router.get(OPENAPI_PATH, (_req, res) => {
    res.json(openapi);
  });
  router.use(docsRouter());
  router.all(
    '/api/*path',
    limiter.middleware((req) => methodBucket(req.method)),
    (req, _res, next) => {
      next(new AppError(ErrorCode.NOT_FOUND, `No route ${req.method} ${req.path}`));
    },
  );
  return router;
}
