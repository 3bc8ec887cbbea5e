import type { Request } from 'express';
import { AppError } from '../lib/errors';

/** A boolean flag of the query string or of a form field (`dryRun`, `async`): true, 1, false, 0; else 400. */
export function flagOf(req: Request, fields: Record<string, string>, name: string): boolean {
  const raw = String(req.query[name] ?? fields[name] ?? 'false').toLowerCase();
  if (!['true', '1', 'false', '0'].includes(raw))
    throw AppError.validation([{ field: name, message: `${name} must be true or false` }]);
  return raw === 'true' || raw === '1';
}

/** RFC 7240's `Prefer: respond-async`: the client takes a 202 and a job instead of waiting for the answer. */
export const prefersAsync = (req: Request) =>
  (req.get('prefer') ?? '').split(/[,;]/).some((p) => p.trim().toLowerCase() === 'respond-async');

/**
 * Whether a request asks to run as a background job (docs/jobs.md): `Prefer: respond-async`, or `async=true` in the
 * query string (or a form field). Sets `Preference-Applied: respond-async` when the header asked for it.
 */
export function wantsJob(req: Request, res: { setHeader(name: string, value: string): unknown }, fields = {}) {
  const preferred = prefersAsync(req);
  if (!preferred && !flagOf(req, fields, 'async')) return false;
  if (preferred) res.setHeader('Preference-Applied', 'respond-async');
  return true;
}
