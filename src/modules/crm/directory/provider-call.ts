import type { EntityManager } from '@mikro-orm/postgresql';
import { countProviderCall } from '../../../db/provider-usage';
import { guardedFetch, OutboundError } from '../../../events/guarded-fetch';
import type { HostResolver } from '../../../events/url-guard';
import type { EnrichmentConfig } from '../../../lib/enrichment-config';
import { AppError, ErrorCode } from '../../../lib/errors';

export interface ProviderRequest {
  /** Named in errors and logs: "the places directory", "the firmographic provider". */
  provider: string;
  url: string;
  method?: 'GET' | 'POST';
  /** Carry the API key; never logged, never put in an error. */
  headers: Record<string, string>;
  body?: unknown;
}

/** An answer of the provider that is not a failure to retry: 2xx, or a 4xx other than 429 (the caller reads it). */
export interface ProviderAnswer {
  status: number;
  json: Record<string, unknown>;
}

const MAX_PROVIDER_BYTES = 2 * 1024 * 1024;
const MAX_RETRY_AFTER_MS = 10_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `{ error: { code, message, status } }` (Google) or `{ error: { type, message } }` (People Data Labs). */
function providerReason(json: Record<string, unknown>): string {
  const error = json.error && typeof json.error === 'object' ? (json.error as Record<string, unknown>) : {};
  const kind = typeof error.status === 'string' ? error.status : typeof error.type === 'string' ? error.type : '';
  const message = typeof error.message === 'string' ? error.message.slice(0, 200) : '';
  return [kind, message].filter(Boolean).join(': ');
}

function parse(body: Buffer): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(body.toString('utf8'));
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Retry-After in seconds or as an HTTP date (RFC 9110), at most 10 s; else the exponential backoff. */
function waitFor(attempt: number, retryAfter: string | string[] | undefined, backoffMs: number): number {
  const value = (Array.isArray(retryAfter) ? retryAfter[0] : retryAfter)?.trim();
  const ms = !value ? NaN : /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - Date.now();
  if (Number.isFinite(ms)) return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
  return backoffMs * 2 ** attempt;
}

/**
 * Every call to a third-party provider: counted against the organization's daily budget before it is made
 * (each attempt counts: 429 PROVIDER_BUDGET_EXHAUSTED once spent), sent through the SSRF guard with the
 * configured time and size caps, retried with exponential backoff (or the provider's Retry-After, capped at 10 s) after a
 * 429, a 5xx, a timeout or a network failure (not after a refusal of the guard or an answer over the size cap), and 502 PROVIDER_ERROR when the attempts run out.
 */
export class ProviderCaller {
  constructor(
    private readonly config: EnrichmentConfig,
    private readonly guard: { allowPrivate: boolean; resolve?: HostResolver },
  ) {}

  async call(em: EntityManager, organizationId: string, req: ProviderRequest): Promise<ProviderAnswer> {
    let reason = '';
    for (let attempt = 0; attempt <= this.config.retries; attempt++) {
      if (!(await countProviderCall(em, organizationId, this.config.dailyCalls)))
        throw new AppError(
          ErrorCode.PROVIDER_BUDGET_EXHAUSTED,
          `The organization's daily budget of ${this.config.dailyCalls} provider calls is spent; it renews at 00:00 UTC`,
        );
      let retryAfter: string | string[] | undefined;
      try {
        const res = await guardedFetch(req.url, {
          method: req.method ?? 'GET',
          headers: {
            accept: 'application/json',
            ...(req.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...req.headers,
          },
          body: req.body === undefined ? undefined : JSON.stringify(req.body),
          timeoutMs: this.config.timeoutMs,
          maxBytes: MAX_PROVIDER_BYTES,
          allowPrivate: this.guard.allowPrivate,
          resolve: this.guard.resolve,
        });
        const json = parse(res.body);
        if (res.status !== 429 && res.status < 500) return { status: res.status, json };
        reason = `HTTP ${res.status}${providerReason(json) ? ` ${providerReason(json)}` : ''}`;
        retryAfter = res.headers['retry-after'];
      } catch (e) {
        if (!(e instanceof OutboundError)) throw e;
        if (e.kind === 'unsafe' || e.kind === 'too_large')
          throw new AppError(ErrorCode.PROVIDER_ERROR, `${req.provider} is not usable: ${e.message}`);
        reason = e.message;
      }
      if (attempt < this.config.retries) await sleep(waitFor(attempt, retryAfter, this.config.backoffMs));
    }
    throw new AppError(
      ErrorCode.PROVIDER_ERROR,
      `${req.provider} did not answer after ${this.config.retries + 1} attempts (${reason})`,
    );
  }

  /** A 4xx answer the caller has no use for: 502 PROVIDER_ERROR naming the provider's own reason (401/403: the key). */
  refused(req: Pick<ProviderRequest, 'provider'>, answer: ProviderAnswer): AppError {
    const key =
      answer.status === 401 || answer.status === 403 ? ' (check the API key in the integration settings)' : '';
    return new AppError(
      ErrorCode.PROVIDER_ERROR,
      `${req.provider} refused the request: HTTP ${answer.status} ${providerReason(answer.json)}${key}`.trim(),
    );
  }
}
