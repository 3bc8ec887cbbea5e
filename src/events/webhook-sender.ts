import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, HostResolver, isPrivateAddress } from './url-guard';

export interface SendResult {
  statusCode?: number;
  retryAfter?: string;
  error?: string;
  latencyMs: number;
}

const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * One POST of the exact body bytes. Never follows redirects; the connection's address is checked
 * to be public unicast (unless allowed), by the addresses `resolve` answers at connection time; the whole
 * exchange is bounded by timeoutMs. Never throws.
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  opts: { timeoutMs: number; allowPrivate: boolean; resolve?: HostResolver },
): Promise<SendResult> {
  const started = process.hrtime.bigint();
  const latency = () => Number((process.hrtime.bigint() - started) / 1_000_000n);
  return new Promise((resolve) => {
    let done = false;
    let timer: NodeJS.Timeout | undefined = undefined; // set once the request exists; the early returns finish before that
    const finish = (r: Omit<SendResult, 'latencyMs'>) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ ...r, latencyMs: latency() });
    };
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return finish({ error: 'invalid url' });
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (!opts.allowPrivate && isIP(host) && isPrivateAddress(host))
      return finish({ error: 'url points to a private address' });
    const payload = Buffer.from(body, 'utf8');
    const lib = target.protocol === 'https:' ? https : http;
    const req = lib.request(target, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(payload.length) },
      lookup: guardedLookup(opts.allowPrivate, opts.resolve) as never,
      agent: false,
    });
    timer = setTimeout(() => {
      req.destroy();
      finish({ error: `timeout after ${opts.timeoutMs} ms` });
    }, opts.timeoutMs);
    req.on('response', (res) => {
      const statusCode = res.statusCode ?? 0;
      const retryAfter = res.headers['retry-after'];
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_RESPONSE_BYTES) res.destroy();
      });
      const settle = () =>
        finish({
          statusCode,
          retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
          error: statusCode >= 200 && statusCode < 300 ? undefined : `HTTP ${statusCode}`,
        });
      res.on('end', settle);
      res.on('close', settle);
      res.on('error', settle);
    });
    req.on('error', (err: NodeJS.ErrnoException) => finish({ error: (err.code ? `${err.code}: ` : '') + err.message }));
    req.end(payload);
  });
}
