import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { AppError, ERROR_TABLE, ErrorCode } from '../lib/errors';
import { toAppError } from '../lib/to-app-error';
import { fromBodyParser } from './body-errors';

/** The media types a GraphQL-over-HTTP error may take, the legacy one first (the answer when the client names neither). */
const GRAPHQL_TYPES = ['application/json', 'application/graphql-response+json'];

/** Mounted on /graphql: an error answered outside Apollo (body, limits, rate limit, deadline) speaks GraphQL over HTTP. */
export const graphqlErrorShape: RequestHandler = (req, _res, next) => {
  req.errorShape = 'graphql';
  next();
};

/**
 * GraphQL over HTTP's error answer, `{ errors: [{ message, extensions: { code, details?, requestId } }] }`, in the
 * media type the client accepts (Apollo Client 4 asks for application/graphql-response+json and reads a non-2xx
 * application/json answer as a transport failure, losing the code).
 */
function sendGraphqlError(req: Request, res: Response, err: AppError): void {
  const type = req.accepts(GRAPHQL_TYPES) || GRAPHQL_TYPES[0];
  const extensions = {
    code: err.code,
    ...(err.details ? { details: err.details } : {}),
    ...(req.requestId ? { requestId: req.requestId } : {}),
  };
  res.status(err.status).setHeader('content-type', `${type}; charset=utf-8`);
  res.send(JSON.stringify({ errors: [{ message: err.message, extensions }] }));
}

/**
 * The REST error body of the spec, `{ error, message, code, details? }`, with the code's status, plus
 * `requestId` (the X-Request-Id of the response; docs/decisions.md): what a caller quotes to support.
 */
export function sendError(req: Request, res: Response, err: AppError, cause?: unknown): void {
  if (err.status >= 500) req.log?.error({ err: cause ?? err, code: err.code }, err.message);
  else req.log?.warn({ code: err.code, status: err.status }, err.message);
  for (const [k, v] of Object.entries(err.headers ?? {})) res.setHeader(k, v);
  if (req.errorShape === 'graphql') return sendGraphqlError(req, res, err);
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
