/**
 * The body of POST /api/batch (docs/bulk.md, "Batch"): up to BATCH_MAX operations `{ method, path, body?, query? }`,
 * each matched once against the REST table before anything runs. A value may name an earlier operation's result:
 * `{{N.field.path}}` (N counts from 0); a string that is only a reference takes the value as it is (a number stays
 * a number), a reference inside a longer string is replaced by its text.
 */
import type { HttpMethod } from '../src/http/route-row';
import { AUTH_OPERATIONS } from '../src/http/auth-operations';
import { AppError, ErrorCode, FieldError } from '../src/lib/errors';
import type { PricedRoute } from './route-cost';

export const BATCH_PATH = '/api/batch';
export const BATCH_MAX = 25;
const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
export const REFERENCE = /\{\{(\d+)((?:\.[A-Za-z0-9_]+)+)\}\}/g;

export interface BatchOperation {
  method: HttpMethod;
  /** Path segments, references unresolved. */
  segments: string[];
  path: string;
  query: Record<string, string | string[]>;
  body: unknown;
  route: PricedRoute;
}

/** A row's path as a matcher: literal segments match themselves, `:param` any one segment. */
function matches(row: string, segments: string[]): boolean {
  const parts = row.split('/').filter(Boolean);
  return (
    parts.length === segments.length &&
    parts.every((p, i) => (p.startsWith(':') ? segments[i] !== '' : !segments[i].includes('{{') && p === segments[i]))
  );
}

/** The earliest operation index every reference of a value names, checked against the operation's own. */
function referencesBefore(value: unknown, index: number, field: string, details: FieldError[]): void {
  if (typeof value === 'string') {
    for (const m of value.matchAll(REFERENCE))
      if (Number(m[1]) >= index)
        details.push({
          field,
          message: `${m[0]} names operation ${m[1]}: only an earlier operation can be referenced`,
        });
  } else if (Array.isArray(value)) value.forEach((v, i) => referencesBefore(v, index, `${field}[${i}]`, details));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) referencesBefore(v, index, `${field}.${k}`, details);
}

function queryOf(raw: unknown, field: string, details: FieldError[]): Record<string, string | string[]> {
  if (raw === undefined || raw === null) return {};
  const out: Record<string, string | string[]> = {};
  const plain = (v: unknown) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    details.push({ field, message: 'query must be an object of parameter values' });
    return out;
  }
  for (const [k, v] of Object.entries(raw)) {
    if (plain(v)) out[k] = String(v);
    else if (Array.isArray(v) && v.every(plain)) out[k] = v.map(String);
    else
      details.push({ field: `${field}.${k}`, message: 'a query value is a string, number, boolean or a list of them' });
  }
  return out;
}

/** The operations of a batch body, each with its row; every problem of the body at once, as one 400 (or 404). */
export function parseBatch(body: unknown, routes: PricedRoute[]): BatchOperation[] {
  const list = (body as { operations?: unknown } | undefined)?.operations;
  if (!body || typeof body !== 'object' || Array.isArray(body) || !Array.isArray(list))
    throw AppError.validation([{ field: 'operations', message: 'operations must be a list of operations' }]);
  if (list.length < 1 || list.length > BATCH_MAX)
    throw AppError.validation([{ field: 'operations', message: `a batch has 1 to ${BATCH_MAX} operations` }]);
  const unknown = Object.keys(body).filter((k) => k !== 'operations');
  const details: FieldError[] = unknown.map((k) => ({ field: k, message: `unknown field ${k}` }));
  const ops: BatchOperation[] = [];
  list.forEach((raw: unknown, i) => {
    const field = `operations[${i}]`;
    const op = (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
    const method = typeof op.method === 'string' ? (op.method.toUpperCase() as HttpMethod) : undefined;
    if (!method || !METHODS.includes(method))
      return details.push({ field: `${field}.method`, message: `method is one of ${METHODS.join(', ')}` });
    if (typeof op.path !== 'string' || !op.path.startsWith('/api/'))
      return details.push({ field: `${field}.path`, message: 'path is a path of this API, e.g. /api/contacts' });
    for (const k of Object.keys(op))
      if (!['method', 'path', 'body', 'query'].includes(k))
        details.push({ field: `${field}.${k}`, message: `unknown field ${k}` });
    const [path, search] = op.path.split('?', 2);
    const query = {
      ...Object.fromEntries(new URLSearchParams(search ?? '')),
      ...queryOf(op.query, `${field}.query`, details),
    };
    referencesBefore(path, i, `${field}.path`, details);
    referencesBefore(query, i, `${field}.query`, details);
    referencesBefore(op.body, i, `${field}.body`, details);
    if (path.replace(/\/+$/, '') === BATCH_PATH)
      return details.push({ field: `${field}.path`, message: 'a batch cannot contain a batch' });
    const segments = path.split('/').filter(Boolean);
    const route = routes.find((r) => r.row.method === method && matches(r.row.path, segments));
    if (!route) throw new AppError(ErrorCode.NOT_FOUND, `Operation ${i}: no route ${method} ${path}`);
    if (route.row.export)
      return details.push({
        field: `${field}.path`,
        message: `${method} ${route.row.path} streams a file: not in a batch`,
      });
    if (AUTH_OPERATIONS.has(route.row.operation))
      return details.push({ field: `${field}.path`, message: `${method} ${route.row.path} cannot run in a batch` });
    ops.push({ method, segments, path, query, body: op.body, route });
  });
  if (details.length) throw AppError.validation(details, 'The batch is not valid; nothing was run');
  return ops;
}
