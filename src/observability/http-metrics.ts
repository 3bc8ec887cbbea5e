import type { Request, RequestHandler } from 'express';
import { httpDuration, httpRequests } from './metrics';

/**
 * The route label: the pattern that matched (`/api/contacts/:id`), the mount point of a router without
 * routes (`/graphql`), else `unmatched`, so that the label set stays small whatever URLs arrive.
 */
export function routeOf(req: Request): string {
  if (req.route?.path) return `${req.baseUrl}${req.route.path === '/' && req.baseUrl ? '' : req.route.path}`;
  return req.baseUrl || 'unmatched';
}

/** Counts and times every request when its response is finished. */
export function httpMetrics(): RequestHandler {
  return (req, res, next) => {
    const end = httpDuration.startTimer();
    res.on('finish', () => {
      const labels = { method: req.method, route: routeOf(req), status: String(res.statusCode) };
      end(labels);
      httpRequests.inc(labels);
    });
    next();
  };
}
