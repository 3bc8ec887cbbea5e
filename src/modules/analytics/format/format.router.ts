import { Router } from 'express';
import type { Request, RequestHandler, Response } from 'express';
import { sendError } from '../../../http/error-response';
import { AppError, ErrorCode } from '../../../lib/errors';
import type { ModuleRouter } from '../../module';
import { toSvg } from './chart';
import { toCsv } from './csv';
import { at, ReportRow } from './report-format';

type Format = 'json' | 'csv' | 'svg';
const TYPES: Record<string, Format> = { 'application/json': 'json', 'text/csv': 'csv', 'image/svg+xml': 'svg' };

/** `?format=json|csv|svg` wins; else the Accept header (`text/csv`, `image/svg+xml`); else JSON. */
function requested(req: Request): Format | AppError {
  const q = req.query.format;
  if (q !== undefined && q !== '') {
    if (q === 'json' || q === 'csv' || q === 'svg') return q;
    return AppError.validation([{ field: 'format', message: 'format must be one of json, csv, svg' }]);
  }
  const type = req.accepts(Object.keys(TYPES));
  return type ? TYPES[type] : 'json';
}

/** What the rendering names its range by: `2026-01-01..2026-12-31`, or the as-of day. */
function rangeOf(body: unknown): string {
  const start = at(body, 'range.startDate');
  const end = at(body, 'range.endDate');
  if (typeof start === 'string' && typeof end === 'string') return `${start}..${end}`;
  const asOf = at(body, 'asOf') ?? at(body, 'from');
  return typeof asOf === 'string' ? asOf : new Date().toISOString().slice(0, 10);
}

async function render(res: Response, report: ReportRow, format: Exclude<Format, 'json'>, body: unknown): Promise<void> {
  const range = rangeOf(body);
  const name = `${report.operation}-${range.replace('..', '_')}`;
  if (format === 'csv') {
    res
      .type('text/csv; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="${name}.csv"`)
      .send(toCsv(body, report.format));
  } else {
    res
      .type('image/svg+xml')
      .set('Content-Disposition', `inline; filename="${name}.svg"`)
      .send(await toSvg(body, report.format, range));
  }
}

/**
 * The format layer in front of the analytics rows (docs/analytics.md, "CSV and charts"): it decides the
 * format, then lets the request go on to the REST table, whose one handler runs the row's GraphQL
 * operation as for any row. Only a successful JSON answer is turned into CSV or SVG; errors stay the
 * JSON error body. So the rows stay in the route table (OpenAPI, the tenancy and robustness sweeps) and
 * the reports know nothing of formats.
 */
function negotiate(report: ReportRow): RequestHandler {
  return (req, res, next) => {
    const format = requested(req);
    if (format instanceof AppError) return sendError(req, res, format);
    res.vary('Accept');
    if (format === 'json') return next();
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode >= 300) return json(body);
      render(res, report, format, body).catch((err) => {
        res.json = json;
        sendError(req, res, new AppError(ErrorCode.INTERNAL_SERVER_ERROR, 'Internal server error'), err);
      });
      return res;
    };
    next();
  };
}

export function formatRouter(reports: ReportRow[]): ModuleRouter<unknown> {
  return {
    mount: 'api',
    create: () => {
      const router = Router();
      for (const report of reports) router.get(report.path, negotiate(report));
      return router;
    },
  };
}
