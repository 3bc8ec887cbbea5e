import type { ErrorRequestHandler, Request, Response } from 'express';
import { AppError, ERROR_TABLE, ErrorCode } from '../lib/errors';
import { toAppError } from '../lib/to-app-error';
import { fromBodyParser } from './body-errors';

/**
 * The REST error body of the spec, `{ error, message, code, details? }`, with the code's status, plus
 * `requestId` (the X-Request-Id of the response; docs/decisions.md): what a caller quotes to support.
 */
export function sendError(req: Request, res: Response, err: AppError, cause?: unknown): void {
  if (err.status >= 500) req.log?.error({ err: cause ?? err, code: err.code }, err.message);
  else req.log?.warn({ code: err.code, status: err.status }, err.message);
  for (const [k, v] of Object.entries(err.headers ?? {})) res.setHeader(k, v);
  res.status(err.status).json({
    error: ERROR_TABLE[err.code].error,
    message: err.message,
    code: err.code,
    ...(err.details ? { details: err.details } : {}),
    ...(req.requestId ? { requestId: req.requestId } : {}),
  });
}

/** The router could not percent-decode a path parameter (`%ED%A0%80`): the caller's, not a fault. */
function fromRouter(err: unknown): AppError | undefined {
  return err instanceof URIError
    ? new AppError(ErrorCode.BAD_REQUEST, 'The path has a malformed percent-encoding')
    : undefined;
}

/** Last handler of the app: everything that reaches it is answered with the error body, never a stack. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const appError =
    fromBodyParser(err) ??
    fromRouter(err) ??
    toAppError(err) ??
    new AppError(ErrorCode.BAD_REQUEST, String(err?.message ?? 'Bad request'));
  if (res.headersSent) {
    req.log?.error({ err }, 'error after headers were sent');
    return;
  }
  sendError(req, res, appError, err);
};
