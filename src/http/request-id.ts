import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '../lib/logger';
import { routeOf } from '../observability/http-metrics';

export const REQUEST_ID_HEADER = 'X-Request-Id';
const SAFE_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * The path as the client sent it, without the query string (which may carry tokens): `req.path` is relative
 * to the router that answered (`/login` for /api/auth/login) once a mounted router has handled the request.
 */
function fullPath(originalUrl: string): string {
  const q = originalUrl.indexOf('?');
  return q === -1 ? originalUrl : originalUrl.slice(0, q);
}

/** Every request gets an id (the caller's X-Request-Id when it is sane), echoed in the response and in every log line;
 * its request line names the full path and the route pattern that matched (`/api/contacts/:id`, `/graphql`). */
export function requestId(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get(REQUEST_ID_HEADER);
    const reqId = incoming && SAFE_ID.test(incoming) ? incoming : randomUUID();
    req.requestId = reqId;
    // The request's child logger is made when something logs through it: a child costs about 0.1 ms (pino
    // applies the redaction paths to its bindings), and most requests log only their request line.
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', { get: () => (child ??= logger.child({ reqId })), configurable: true });
    res.setHeader(REQUEST_ID_HEADER, reqId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      if (!logger.isLevelEnabled('info')) return;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const line = {
        method: req.method,
        path: fullPath(req.originalUrl),
        route: routeOf(req),
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
      };
      (child ?? logger).info(child ? line : { reqId, ...line }, 'request');
    });
    next();
  };
}
