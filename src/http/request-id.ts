import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '../lib/logger';

export const REQUEST_ID_HEADER = 'X-Request-Id';
const SAFE_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/** Every request gets an id (the caller's X-Request-Id when it is sane), echoed in the response and in every log line. */
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
      const line = { method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 };
      (child ?? logger).info(child ? line : { reqId, ...line }, 'request');
    });
    next();
  };
}
