import type { Request, RequestHandler, Response } from 'express';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { deleteInBatches } from '../db/prune';
import type { RateLimitConfig } from '../config';
import { clock } from '../lib/clock';
import { AppError, ErrorCode } from '../lib/errors';

/** How often the batched read and write counters are written (RateLimiter). */
export const FLUSH_MS = 1000;

/** Spec, Limits: one budget per kind of request. */
export type Bucket = 'auth' | 'read' | 'write' | 'webhook';

export function methodBucket(method: string): Bucket {
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? 'read' : 'write';
}

/**
 * Who a budget belongs to: the auth and webhook budgets are per IP address (spec: login is 10 per IP);
 * read and write budgets are per API key for bearer requests, per user for sessions (an impersonating super
 * admin spends their own budget, not the impersonated user's), otherwise per IP.
 */
export function budgetKey(req: Request, bucket: Bucket): string {
  const principal = req.auth?.principal;
  if (principal?.apiKeyId && (bucket === 'read' || bucket === 'write')) return `${bucket}:key:${principal.apiKeyId}`;
  if (principal && (bucket === 'read' || bucket === 'write'))
    return `${bucket}:user:${principal.impersonatorId ?? principal.userId}`;
  return `${bucket}:ip:${req.ip ?? 'unknown'}`;
}

/**
 * Fixed one-minute windows counted in PostgreSQL (table rate_limit_counters), so that every instance on
 * the same database shares the budget. The auth and webhook budgets cost one upsert per request. The read and
 * write budgets are batched (docs/decisions.md, "Rate-limit counters"): a key's first request of a window
 * reads the shared count with its upsert; after that, while less than half of the budget is used, requests
 * are counted in the process and written together, one statement for all keys, every `FLUSH_MS`; from half
 * of the budget on, every request upserts again, so the refusal at the limit is exact across instances.
 * Reads and writes are charged by query cost (docs/decisions.md, "Query limits"): a request draws one unit
 * per started `costUnit` of the cost of its operation, at least one; auth and webhook requests draw one.
 */
export class RateLimiter {
  /** Read and write counters of this process: `shared` as last read from the table, `pending` not yet written. */
  private readonly local = new Map<string, { key: string; windowStart: Date; shared: number; pending: number }>();
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly orm: MikroORM,
    private readonly limits: RateLimitConfig,
  ) {
    this.timer = setInterval(() => void this.flush().catch(() => undefined), FLUSH_MS);
    this.timer.unref();
  }

  /** Writes what is pending and stops the timer (the app's close). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  /** The units a request of this cost draws from a bucket. */
  units(bucket: Bucket, cost: number): number {
    return bucket === 'read' || bucket === 'write' ? Math.max(1, Math.ceil(cost / this.limits.costUnit)) : 1;
  }

  /** `unitsOf`, when given, says the units itself (a batch: the sum of its operations' units). */
  middleware(
    bucketOf: (req: Request) => Bucket,
    costOf: (req: Request) => number = () => 0,
    unitsOf?: (req: Request, res: Response) => number,
  ): RequestHandler {
    return async (req, res, next) => {
      try {
        const bucket = bucketOf(req);
        const units = unitsOf ? unitsOf(req, res) : this.units(bucket, costOf(req));
        const limit = this.limits[bucket];
        const windowMs = this.limits.windowSeconds * 1000;
        const now = clock.nowMs();
        const windowStart = Math.floor(now / windowMs) * windowMs;
        const resetSeconds = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
        const key = budgetKey(req, bucket);
        const count =
          bucket === 'read' || bucket === 'write'
            ? await this.batchedHit(key, windowStart, units, limit)
            : await this.hit(key, new Date(windowStart), units);
        res.setHeader('RateLimit-Policy', `${limit};w=${this.limits.windowSeconds}`);
        res.setHeader('RateLimit-Limit', String(limit));
        res.setHeader('RateLimit-Remaining', String(Math.max(0, limit - count)));
        res.setHeader('RateLimit-Reset', String(resetSeconds));
        if (count > limit) {
          const counted = units > 1 ? ` (this request counts as ${units})` : '';
          return next(
            new AppError(
              ErrorCode.RATE_LIMITED,
              `Rate limit of ${limit} ${bucket} requests per ${this.limits.windowSeconds} seconds exceeded${counted}; retry in ${resetSeconds} seconds`,
              undefined,
              { 'Retry-After': String(resetSeconds) },
            ),
          );
        }
        next();
      } catch (e) {
        next(e);
      }
    };
  }

  private async batchedHit(key: string, windowStart: number, units: number, limit: number): Promise<number> {
    const id = `${windowStart}|${key}`;
    const entry = this.local.get(id);
    if (entry && 2 * (entry.shared + entry.pending + units) < limit) {
      entry.pending += units;
      return entry.shared + entry.pending;
    }
    // Near the limit (or the key's first request here): what this process still holds goes with this upsert.
    const carried = entry?.pending ?? 0;
    if (entry) entry.pending = 0;
    let count: number;
    try {
      count = await this.hit(key, new Date(windowStart), units + carried);
    } catch (e) {
      if (entry) entry.pending += carried;
      throw e;
    }
    const e = this.local.get(id) ?? { key, windowStart: new Date(windowStart), shared: 0, pending: 0 };
    e.shared = Math.max(e.shared, count);
    this.local.set(id, e);
    return count + e.pending;
  }

  /** One upsert for every pending counter; counters of ended windows are forgotten once written. */
  flush(): Promise<void> {
    const run = this.flushing.then(async () => {
      const batch = [...this.local.entries()].filter(([, e]) => e.pending > 0);
      const sent = batch.map(([, e]) => e.pending);
      for (const [, e] of batch) e.pending = 0;
      if (batch.length > 0) {
        try {
          const rows: { key: string; window_start: Date; count: number }[] = await this.orm.em.execute(
            `insert into rate_limit_counters (key, window_start, count) values ${batch.map(() => '(?, ?, ?)').join(', ')}
               on conflict (key, window_start) do update set count = rate_limit_counters.count + excluded.count
               returning key, window_start, count`,
            batch.flatMap(([, e], i) => [e.key.slice(0, 200), e.windowStart, sent[i]]),
          );
          for (const r of rows) {
            const e = this.local.get(`${new Date(r.window_start).getTime()}|${r.key}`);
            if (e) e.shared = Math.max(e.shared, r.count);
          }
        } catch (e) {
          batch.forEach(([, entry], i) => (entry.pending += sent[i])); // retried with the next flush
          throw e;
        }
      }
      const current = Math.floor(clock.nowMs() / (this.limits.windowSeconds * 1000)) * this.limits.windowSeconds * 1000;
      for (const [id, e] of this.local) if (e.pending === 0 && e.windowStart.getTime() < current) this.local.delete(id);
    });
    this.flushing = run.catch(() => undefined);
    return run;
  }

  private async hit(key: string, windowStart: Date, units: number): Promise<number> {
    const rows: { count: number }[] = await this.orm.em.execute(
      `insert into rate_limit_counters (key, window_start, count) values (?, ?, ?)
       on conflict (key, window_start) do update set count = rate_limit_counters.count + excluded.count
       returning count`,
      [key.slice(0, 200), windowStart, units],
    );
    return rows[0].count;
  }
}

/** Drops the counters of windows that have ended (scheduled every minute, src/composition.ts). */
export function pruneRateLimits(em: EntityManager, windowSeconds: number, batchSize: number): Promise<number> {
  return deleteInBatches(
    em,
    'rate_limit_counters',
    'window_start < ?',
    [new Date(clock.nowMs() - 2 * windowSeconds * 1000)],
    batchSize,
  );
}
