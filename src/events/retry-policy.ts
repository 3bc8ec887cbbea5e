/**
 * What happens after an attempt (docs/events.md, "Delivery, retries"): 2xx is delivered; network errors, timeouts,
 * 408, 429 and 5xx are retried with exponential backoff and jitter (429/503 honour Retry-After) until the
 * retry window (default 72 h) is over; 410 disables the subscription; any other status is final.
 */
export type Verdict = 'delivered' | 'retry' | 'final' | 'gone';

export function verdictOf(statusCode: number | undefined): Verdict {
  if (statusCode === undefined) return 'retry';
  if (statusCode >= 200 && statusCode < 300) return 'delivered';
  if (statusCode === 410) return 'gone';
  if (statusCode === 408 || statusCode === 429 || statusCode >= 500) return 'retry';
  return 'final';
}

export const BACKOFF_BASE_MS = 10_000;
export const BACKOFF_CAP_MS = 6 * 3600_000;
/** Retry-After is honoured up to this much; beyond it the receiver is treated as simply down. */
export const RETRY_AFTER_CAP_MS = 24 * 3600_000;

/**
 * Delay before attempt `attempts + 1`: base * 2^(attempts-1), capped at 6 h, "equal jitter" (half fixed,
 * half random) so that a fleet of deliveries that failed together does not come back together.
 * 10 s, 20 s, 40 s ... about 3 h after 11 attempts, then every 6 h: ~20 attempts in 72 h.
 */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const exp = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(exp / 2 + random() * (exp / 2));
}

/** Retry-After as delta-seconds or an HTTP date, in ms from now; undefined when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now: Date): number | undefined {
  if (!header) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, RETRY_AFTER_CAP_MS);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.min(Math.max(0, at - now.getTime()), RETRY_AFTER_CAP_MS);
}

/** When to try again: Retry-After when the receiver gave one, otherwise the backoff. */
export function nextAttemptAt(now: Date, attempts: number, retryAfter: number | undefined): Date {
  return new Date(now.getTime() + (retryAfter ?? backoffMs(attempts)));
}
