import type { Request, RequestHandler } from 'express';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { deleteInBatches } from '../db/prune';
import type { RateLimitConfig } from '../config';
import { clock } from '../lib/clock';
import { AppError, ErrorCode } from '../lib/errors';

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
 * the same database shares the budget. One upsert per request.
 * Reads and writes are charged by query cost (docs/decisions.md, "Query limits"): a request draws one unit
 * per started `costUnit` of the cost of its operation, at least one; auth and webhook requests draw one.
 */
export class RateLimiter {
  constructor(
    private readonly orm: MikroORM,
    private readonly limits: RateLimitConfig,
  ) {}

  /** The units a request of this cost draws from a bucket. */
  units(bucket: Bucket, cost: number): number {
    return bucket === 'read' || bucket === 'write' ? Math.max(1, Math.ceil(cost / this.limits.costUnit)) : 1;
  }

  middleware(bucketOf: (req: Request) => Bucket, costOf: (req: Request) => number = () => 0): RequestHandler {
    return async (req, res, next) => {
      try {
        const bucket = bucketOf(req);
        const units = this.units(bucket, costOf(req));
        const limit = this.limits[bucket];
        const windowMs = this.limits.windowSeconds * 1000;
        const now = clock.nowMs();
        const windowStart = Math.floor(now / windowMs) * windowMs;
        const resetSeconds = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
        const count = await this.hit(budgetKey(req, bucket), new Date(windowStart), units);
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

  private async hit(key: string, windowStart: Date, units: number): Promise<number> {
    const rows: { count: number }[] = await this.orm.em.getConnection().execute(
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
