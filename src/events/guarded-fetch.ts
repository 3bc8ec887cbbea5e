import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, HostResolver, isPrivateAddress, urlSyntaxProblem, UnsafeUrlError } from './url-guard';

/** How an outbound GET/POST to a third party (directory, firmographics, a company's website) is bounded. */
export interface GuardedFetchOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** The whole exchange, redirects included. */
  timeoutMs: number;
  /** The response body is cut off (and the fetch refused) past this many bytes. */
  maxBytes: number;
  /**
   * Redirects followed (GET only), each target checked again like the first. 0: none. A redirect to another
   * origin drops the Authorization header (as browsers and curl do): a provider's media URL that redirects to
   * its storage host must not hand that host the account's credentials.
   */
  maxRedirects?: number;
  allowPrivate: boolean;
  resolve?: HostResolver;
}

export interface GuardedResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The URL that answered (after redirects). */
  url: string;
}

/** Why an outbound fetch did not get an answer: refused by the guard, timed out, too large, or a network error. */
export class OutboundError extends Error {
  constructor(
    message: string,
    readonly kind: 'unsafe' | 'timeout' | 'too_large' | 'network' | 'redirects',
  ) {
    super(message);
  }
}

/**
 * One outbound request through the SSRF guard of the webhooks (url-guard.ts): only http(s) without
 * credentials, every address the host resolves to checked at connection time (DNS rebinding), a literal
 * private address refused before connecting, each redirect target checked the same way, the body capped
 * at maxBytes and the whole exchange at timeoutMs. Throws OutboundError; never follows a redirect of a POST.
 */
export async function guardedFetch(url: string, opts: GuardedFetchOptions): Promise<GuardedResponse> {
  const deadline = Date.now() + opts.timeoutMs;
  let target = url;
  let hopOpts = opts;
  for (let hop = 0; ; hop++) {
    const res = await once(target, hopOpts, deadline);
    const location = res.headers.location;
    if (res.status >= 300 && res.status < 400 && location && (opts.method ?? 'GET') === 'GET') {
      if (hop >= (opts.maxRedirects ?? 0)) throw new OutboundError(`too many redirects from ${url}`, 'redirects');
      const next = new URL(location, target);
      if (next.origin !== new URL(target).origin)
        hopOpts = { ...hopOpts, headers: withoutCredentials(hopOpts.headers) };
      target = next.toString();
      continue;
    }
    return res;
  }
}

function withoutCredentials(headers: Record<string, string> | undefined): Record<string, string> | undefined {
  return headers && Object.fromEntries(Object.entries(headers).filter(([k]) => k.toLowerCase() !== 'authorization'));
}

function once(url: string, opts: GuardedFetchOptions, deadline: number): Promise<GuardedResponse> {
  const syntax = urlSyntaxProblem(url);
  if (syntax) return Promise.reject(new OutboundError(syntax, 'unsafe'));
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (!opts.allowPrivate && isIP(host) && isPrivateAddress(host))
    return Promise.reject(new OutboundError('url points to a private address, which is not allowed', 'unsafe'));
  const remaining = deadline - Date.now();
  if (remaining <= 0) return Promise.reject(new OutboundError(`timeout after ${opts.timeoutMs} ms`, 'timeout'));
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (e: OutboundError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(e);
    };
    const payload = opts.body === undefined ? undefined : Buffer.from(opts.body, 'utf8');
    const lib = target.protocol === 'https:' ? https : http;
    const req = lib.request(target, {
      method: opts.method ?? 'GET',
      headers: { ...opts.headers, ...(payload ? { 'content-length': String(payload.length) } : {}) },
      lookup: guardedLookup(opts.allowPrivate, opts.resolve) as never,
      agent: false,
    });
    const timer = setTimeout(() => fail(new OutboundError(`timeout after ${opts.timeoutMs} ms`, 'timeout')), remaining);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > opts.maxBytes) fail(new OutboundError(`response larger than ${opts.maxBytes} bytes`, 'too_large'));
        else chunks.push(chunk);
      });
      res.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), url });
      });
      res.on('error', (err) => fail(new OutboundError(err.message, 'network')));
    });
    req.on('error', (err: NodeJS.ErrnoException) =>
      fail(
        err instanceof UnsafeUrlError || err.code === 'EPRIVATE'
          ? new OutboundError(err.message, 'unsafe')
          : new OutboundError((err.code ? `${err.code}: ` : '') + err.message, 'network'),
      ),
    );
    req.end(payload);
  });
}
