import type { RequestHandler, Response } from 'express';
import { AppError, ErrorCode } from '../lib/errors';

function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v));
  return false;
}

/**
 * PostgreSQL text cannot hold a NUL character, and a query parameter that carries one breaks the wire protocol
 * (08P01, a 500). A request with one anywhere (path, query string, JSON body, GraphQL variables) is refused
 * with a 400 before it reaches an operation: as the error body, or through `answer` (GraphQL's errors shape).
 */
export function rejectNulBytes(answer?: (res: Response, error: AppError) => void): RequestHandler {
  return (req, res, next) => {
    if (!/%00/.test(req.originalUrl) && !hasNul(req.query) && !hasNul(req.body)) return next();
    const error = new AppError(
      ErrorCode.BAD_REQUEST,
      'A value in the request contains a NUL character, which cannot be stored',
    );
    if (answer) return answer(res, error);
    next(error);
  };
}
