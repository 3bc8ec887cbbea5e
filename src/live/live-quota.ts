import type { Principal } from '../http/principal';
import { clock } from '../lib/clock';
import { AppError, ErrorCode } from '../lib/errors';

/** The limits of one principal's live use on this instance (LIVE_MAX_CONNECTIONS, LIVE_SUBSCRIBES_PER_MINUTE). */
export interface LiveQuotaLimits {
  maxConnections: number;
  subscribesPerMinute: number;
}

/** Whose quota: an API key's own, else the user's (an impersonating super admin spends their own), as the HTTP budgets. */
export const quotaKey = (p: Principal) => (p.apiKeyId ? `key:${p.apiKeyId}` : `user:${p.impersonatorId ?? p.userId}`);

/**
 * Each principal's open live connections (sockets and SSE streams together) and subscribe messages per minute
 * (docs/events.md, "Limits"), counted in this process: the HTTP rate limits do not see graphql-ws messages.
 */
export class LiveQuota {
  private readonly connections = new Map<string, number>();
  private readonly subscribes = new Map<string, { window: number; count: number }>();

  constructor(private readonly limits: LiveQuotaLimits) {}

  /** One more connection of `principal`: the function that ends it, or a RATE_LIMITED refusal. */
  connect(principal: Principal): () => void {
    const key = quotaKey(principal);
    const open = this.connections.get(key) ?? 0;
    if (open >= this.limits.maxConnections)
      throw new AppError(
        ErrorCode.RATE_LIMITED,
        `more than ${this.limits.maxConnections} live connections (WebSockets and SSE streams) at once`,
      );
    this.connections.set(key, open + 1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const left = (this.connections.get(key) ?? 1) - 1;
      if (left > 0) this.connections.set(key, left);
      else this.connections.delete(key);
    };
  }

  /** `count` subscriptions started by `principal` in this minute, or a RATE_LIMITED refusal. */
  subscribe(principal: Principal, count = 1): void {
    const key = quotaKey(principal);
    const window = Math.floor(clock.nowMs() / 60_000);
    const entry = this.subscribes.get(key);
    const used = entry?.window === window ? entry.count : 0;
    if (used + count > this.limits.subscribesPerMinute) {
      const retry = Math.max(1, Math.ceil(((window + 1) * 60_000 - clock.nowMs()) / 1000));
      throw new AppError(
        ErrorCode.RATE_LIMITED,
        `more than ${this.limits.subscribesPerMinute} live subscriptions started per minute; retry in ${retry} seconds`,
        undefined,
        { 'Retry-After': String(retry) },
      );
    }
    if (entry?.window !== window)
      for (const [k, e] of this.subscribes) if (e.window < window) this.subscribes.delete(k);
    this.subscribes.set(key, { window, count: used + count });
  }
}
