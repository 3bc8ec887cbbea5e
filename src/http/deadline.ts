import type { RequestHandler } from 'express';
import { StatementScope, withStatementScope } from '../db/statement-scope';
import { AppError, ErrorCode } from '../lib/errors';
import { sendError } from './error-response';

/**
 * The overall deadline of a request (REQUEST_TIMEOUT_MS). Past it the caller gets 503 REQUEST_TIMEOUT, the
 * request's running SQL statements are cancelled and it can take no new connection (db/statement-scope.ts), its
 * DataLoaders start no new batch (graphql/loaders.ts) and no further resolver runs (graphql/deadline-fields.ts).
 * Each SQL statement is also cut by PostgreSQL's statement_timeout (DB_STATEMENT_TIMEOUT_MS, db/orm-options.ts).
 * Wall-clock time, not the testable clock: tests move that one by minutes.
 */
export function requestDeadline(ms: number): RequestHandler {
  return (req, res, next) => {
    const scope = new StatementScope();
    let timer: NodeJS.Timeout | undefined;
    const arm = (after: number) => {
      clearTimeout(timer);
      req.deadline = Date.now() + after;
      timer = setTimeout(() => {
        scope.cancel();
        if (!res.headersSent)
          sendError(req, res, new AppError(ErrorCode.REQUEST_TIMEOUT, `The request did not finish within ${after} ms`));
      }, after);
      timer.unref();
    };
    arm(ms);
    req.extendDeadline = arm;
    res.on('close', () => clearTimeout(timer));
    withStatementScope(scope, next);
  };
}
