/**
 * `GET /api/<list>/export` (docs/crm.md, "Exports") and `exportList`, the same export for work outside a request
 * (a background job writing to a file): both stream through `streamList` (list-export.ts).
 */
import type { RequestHandler } from 'express';
import type { GraphQLSchema } from 'graphql';
import { withTenantAccess } from '../src/db/access';
import { ContextDeps, createContext, principalContext } from '../src/graphql/context';
import { chooseReadDatabase, withReadFallback } from '../src/http/read-routing';
import { accessError } from '../src/graphql/rules';
import { sendError } from '../src/http/error-response';
import { clock } from '../src/lib/clock';
import { EXPORT_SUFFIX, exportFileName, type ListExporter } from '../src/http/list-export-rows';
import { wantsJob } from '../src/http/respond-async';
import { AppError, ErrorCode } from '../src/lib/errors';
import type { Logger } from '../src/lib/logger';
import { toAppError } from '../src/lib/to-app-error';
import type { CompiledRoute } from './compile';
import { ListFailed, streamList, type ExportPath } from './list-export';
import { startExportJob } from './list-export-job';
import { bindVariables } from './variables';

/**
 * The exports one instance streams at once (EXPORT_CONCURRENCY): each holds a pool connection while it streams. One
 * more waits for a slot, first come first served (within its request's deadline).
 */
export class ExportSlots {
  private busy = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly max: number) {}

  /** A slot, once one is free; the function gives it back (to the next waiting export, if any). */
  async take(): Promise<() => void> {
    if (this.busy < this.max) this.busy++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.busy--;
    };
  }
}

/**
 * The handler of an export row: access, then one of the instance's export slots, then the list's parameters; the
 * list's own errors are answered as the list answers them. Once the CSV is being written, every batch restarts
 * the request's deadline (REQUEST_TIMEOUT_MS is then the longest pause, EXPORT_TIMEOUT_MS the longest export), and
 * a failure can only cut the answer short: the connection is closed without the last chunk, so a client never takes
 * a cut file for a whole one. A client that goes away stops the cursor and frees its connection. Asked as a job
 * (`Prefer: respond-async` or `async=true`), it takes no slot: it answers 202 and the job once the parameters passed.
 */
export function exportHandler(
  deps: ContextDeps<unknown>,
  schema: GraphQLSchema,
  route: CompiledRoute,
  slots: ExportSlots,
): RequestHandler {
  const { exports, timeouts } = deps.config;
  return async (req, res) => {
    let begun = false;
    let path: ExportPath | undefined;
    let fellBack: number | undefined;
    const denied = accessError(route.access, req.auth.principal, req.auth.failure);
    if (denied) return sendError(req, res, denied);
    try {
      // docs/jobs.md, "Exports as jobs": 202 and the job; the worker streams the same CSV to the job's result file
      if (wantsJob(req, res)) return await startExportJob(deps, schema, route, req, res);
    } catch (e) {
      return sendError(
        req,
        res,
        toAppError(e) ?? new AppError(ErrorCode.INTERNAL_SERVER_ERROR, 'Internal server error'),
        e,
      );
    }
    const give = await slots.take();
    // waited past the request's deadline (answered 503 REQUEST_TIMEOUT), or the client left while waiting
    if (res.headersSent || res.destroyed) return give();
    try {
      const variables = bindVariables(route, req);
      await chooseReadDatabase(req); // the read replica may serve it (docs/deploy.md, "A read replica")
      // a replica gone before the first byte: the export runs again on the primary (once begun, it is cut short)
      const rows = await withReadFallback(
        req,
        () =>
          streamList(
            route,
            variables,
            {
              schema,
              context: () => createContext(deps, req, res),
              batchRows: exports.batchRows,
              timeoutMs: exports.timeoutMs,
              begin: () => {
                begun = true;
                res
                  .status(200)
                  .type('text/csv; charset=utf-8')
                  .set(
                    'Content-Disposition',
                    `attachment; filename="${exportFileName(route.row.path.slice(0, -EXPORT_SUFFIX.length))}"`,
                  );
              },
              progress: () => req.extendDeadline?.(timeouts.requestMs),
              direct: exports.direct,
              sqlLines: exports.sqlLines,
              taken: (p) => (path = p),
              fellBack: (n) => (fellBack = n),
            },
            res,
          ),
        () => undefined,
        () => !begun,
      );
      req.log.info({ rows, list: route.row.path, path, fellBack }, 'export written');
    } catch (e) {
      if (!begun) {
        const error = e instanceof ListFailed ? e.error : toAppError(e);
        return sendError(
          req,
          res,
          error ?? new AppError(ErrorCode.INTERNAL_SERVER_ERROR, 'Internal server error'),
          e instanceof ListFailed ? e.cause : e,
        );
      }
      if ((e as { code?: unknown }).code === 'ERR_STREAM_PREMATURE_CLOSE')
        req.log.info({ list: route.row.path }, 'export: client gone');
      else req.log.error({ err: e, list: route.row.path }, 'export failed while streaming: answer cut short');
      res.destroy();
    } finally {
      give();
    }
  };
}

/**
 * `direct`, `sqlLines`: ExportRuntime's, EXPORT_DIRECT and EXPORT_SQL_LINES unless given; `taken`: told the path of
 * each export (the tests compare the paths).
 */
export function listExporter(
  deps: ContextDeps<unknown>,
  schema: GraphQLSchema,
  routes: CompiledRoute[],
  log: Logger,
  options: {
    direct?: boolean;
    sqlLines?: boolean;
    taken?: (path: ExportPath, list: string) => void;
    fellBack?: (rows: number, list: string) => void;
  } = {},
): ListExporter {
  const { exports } = deps.config;
  return {
    exportList: (list, params, principal, sink, progress) => {
      const route = routes.find((r) => r.row.export && r.row.path === `${list}/export`);
      if (!route) throw new AppError(ErrorCode.NOT_FOUND, `No exportable list ${list}`);
      const denied = accessError(route.access, principal, undefined);
      if (denied) throw denied;
      const variables = bindVariables(route, { params: {}, query: params, body: undefined, is: () => false });
      const requestId = `export-${clock.nowMs()}`;
      return withTenantAccess(principal.organizationId, () =>
        streamList(
          route,
          variables,
          {
            schema,
            context: () => principalContext(deps, principal, log, requestId),
            batchRows: exports.batchRows,
            timeoutMs: exports.timeoutMs,
            progress,
            direct: options.direct ?? exports.direct,
            sqlLines: options.sqlLines ?? exports.sqlLines,
            taken: (path) => options.taken?.(path, list),
            fellBack: (rows) => options.fellBack?.(rows, list),
          },
          sink,
        ).catch((e: unknown) => {
          throw e instanceof ListFailed ? e.error : e;
        }),
      );
    },
  };
}
