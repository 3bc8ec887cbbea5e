import { timingSafeEqual } from 'node:crypto';
import { Router } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import { sendError } from './error-response';
import { AppError, ErrorCode } from '../lib/errors';
import { watchDatabase } from '../observability/database-metrics';
import { registry } from '../observability/metrics';
import { withPlatformAccess } from '../db/access';

/**
 * GET /metrics in the Prometheus text format, for a scraper holding METRICS_TOKEN
 * (`Authorization: Bearer <token>`). Without METRICS_TOKEN the route does not exist (404): metrics
 * (route names, volumes, queue depths) are never public by accident.
 */
export function metricsRoutes(deps: { orm: MikroORM; token?: string }): Router {
  const router = Router();
  const expected = deps.token ? Buffer.from(`Bearer ${deps.token}`) : undefined;
  router.get('/metrics', async (req, res, next) => {
    if (!expected) return next();
    const got = Buffer.from(req.get('authorization') ?? '');
    if (got.length !== expected.length || !timingSafeEqual(got, expected)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      return sendError(
        req,
        res,
        new AppError(ErrorCode.UNAUTHENTICATED, 'GET /metrics needs the bearer token METRICS_TOKEN'),
      );
    }
    try {
      watchDatabase(deps.orm); // the gauges read the database of the app that is asked (a test process runs several)
      // The gauges count across organizations (queues, the pool): a platform read, for the token's holder only.
      res.type(registry.contentType).send(await withPlatformAccess(() => registry.metrics()));
    } catch (err) {
      next(err);
    }
  });
  return router;
}
