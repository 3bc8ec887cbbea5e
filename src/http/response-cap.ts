import type { RequestHandler } from 'express';
import { AppError, ErrorCode } from '../lib/errors';
import { sendError } from './error-response';

/**
 * A cap on what one answer may weigh (RESPONSE_LIMIT_BYTES): a body sent whole (`res.send`, which `res.json` and
 * Apollo use) over it is replaced by 400 RESPONSE_TOO_LARGE, so no selection, page or report can make the
 * service write tens of megabytes for one request. Streamed answers (CSV exports) write in chunks and are not
 * held in memory; they are not capped here.
 */
export function capResponseSize(limit: number): RequestHandler {
  return (req, res, next) => {
    const send = res.send.bind(res);
    res.send = (body?: unknown) => {
      const size = typeof body === 'string' ? Buffer.byteLength(body) : Buffer.isBuffer(body) ? body.length : 0;
      if (size <= limit) return send(body);
      res.send = send; // the error body itself goes out uncapped
      sendError(
        req,
        res,
        new AppError(
          ErrorCode.RESPONSE_TOO_LARGE,
          `The answer would be ${size} bytes, more than the limit of ${limit}: select fewer fields or a smaller page`,
        ),
      );
      return res;
    };
    next();
  };
}
