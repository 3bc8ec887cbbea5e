import express, { ErrorRequestHandler, RequestHandler, Router } from 'express';
import type { RouterDeps } from '../../module';
import type { AccountServices } from '../accounts.services';
import { isAppError } from '../../../lib/errors';
import { parseNewPlant } from './new-plant';

/** SampleError of the spec: `{error: int32, message}`; `error` repeats the HTTP status. */
function sampleError(res: express.Response, status: number, message: string): void {
  res.status(status).json({ error: status, message });
}

const handler =
  (deps: RouterDeps<AccountServices>): RequestHandler =>
  async (req, res, next) => {
    try {
      const principal = req.auth.principal;
      if (!principal?.apiKeyId) {
        res.setHeader('WWW-Authenticate', 'Bearer');
        return sampleError(res, 401, 'A valid API key is required: Authorization: Bearer <key>');
      }
      if (!req.is('application/json')) return sampleError(res, 400, 'The body must be application/json');
      const parsed = parseNewPlant(typeof req.body === 'string' ? req.body : '');
      if (!parsed.ok) return sampleError(res, 400, parsed.message);
      res.status(200).json(await deps.services.plants.save(deps.orm.em.fork(), principal.organizationId, parsed.value));
    } catch (e) {
      next(e);
    }
  };

/** Everything that goes wrong on /plants is answered as a SampleError too (429 keeps its Retry-After). */
const errors: ErrorRequestHandler = (err, req, res, _next) => {
  const status = isAppError(err) ? err.status : typeof err?.status === 'number' && err.status < 500 ? err.status : 500;
  if (isAppError(err)) for (const [k, v] of Object.entries(err.headers ?? {})) res.setHeader(k, v);
  if (status >= 500) req.log?.error({ err }, 'plants request failed');
  const message =
    status === 413
      ? 'Request body is too large'
      : status >= 500
        ? 'Internal server error'
        : isAppError(err)
          ? err.message
          : 'Bad request';
  sampleError(res, status, message);
};

/**
 * The spec's sample endpoint, POST /plants, with bearer authentication (an API key of the organization).
 * Mounted before the app's JSON parser: the body is read as text so that the int64 id stays exact.
 */
export function plantsRouter(deps: RouterDeps<AccountServices>): Router {
  const router = Router();
  router.post(
    '/',
    express.text({ type: () => true, limit: deps.config.bodyLimit }),
    deps.authenticate,
    deps.limiter.middleware(() => 'write'),
    handler(deps),
  );
  router.all('/', (_req, res) => {
    res.setHeader('Allow', 'POST');
    sampleError(res, 405, 'Only POST is supported on /plants');
  });
  router.use(errors);
  return router;
}
