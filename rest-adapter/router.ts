import { Router } from 'express';
import type { RequestHandler } from 'express';
import { execute, GraphQLSchema } from 'graphql';
import { ContextDeps, createContext } from '../src/graphql/context';
import { accessError } from '../src/graphql/rules';
import { AUTH_OPERATIONS } from '../src/http/auth-operations';
import { sendError } from '../src/http/error-response';
import { methodBucket, RateLimiter } from '../src/http/rate-limit';
import { AppError, ErrorCode } from '../src/lib/errors';
import { toAppError } from '../src/lib/to-app-error';
import type { CompiledRoute } from './compile';
import { docsRouter, OPENAPI_PATH } from './docs-page';
import { buildOpenApi } from './openapi';
import { bindVariables } from './variables';

/** The one handler: binds the request to variables, runs the row's operation on the shared schema and context. */
function handler(deps: ContextDeps<unknown>, schema: GraphQLSchema, route: CompiledRoute): RequestHandler {
  return async (req, res, next) => {
    try {
      const denied = accessError(route.access, req.auth.principal, req.auth.failure);
      if (denied) return sendError(req, res, denied);
      const variableValues = bindVariables(route, req);
      const contextValue = createContext(deps, req, res);
      const result = await execute({ schema, document: route.document, variableValues, contextValue });
      const first = result.errors?.[0];
      if (first) {
        const error = toAppError(first) ?? new AppError(ErrorCode.INTERNAL_SERVER_ERROR, 'Internal server error');
        return sendError(req, res, error, first.originalError ?? first);
      }
      res.status(route.row.status ?? 200).json(result.data?.[route.row.operation] ?? null);
    } catch (e) {
      next(e);
    }
  };
}

/** The one router of the REST table: `compiled` is the table compiled against `schema` (src/composition.ts). */
export function createRestRouter(deps: ContextDeps<unknown>, schema: GraphQLSchema, compiled: CompiledRoute[], limiter: RateLimiter): Router {
  const router = Router();
  for (const route of compiled) {
    const bucket = AUTH_OPERATIONS.has(route.row.operation) ? 'auth' : methodBucket(route.row.method);
    const method = route.row.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    router[method](route.row.path, limiter.middleware(() => bucket), handler(deps, schema, route));
  }
  const openapi = buildOpenApi(compiled);
  router.get(OPENAPI_PATH, (_req, res) => {
    res.json(openapi);
  });
  router.use(docsRouter());
  router.all('/api/*path', limiter.middleware((req) => methodBucket(req.method)), (req, _res, next) => {
    next(new AppError(ErrorCode.NOT_FOUND, `No route ${req.method} ${req.path}`));
  });
  return router;
}
