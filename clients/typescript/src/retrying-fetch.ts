import { randomUUID } from 'node:crypto';

/** How the client retries (docs/decisions.md, "Idempotency-Key"). */
export interface RetryOptions {
  /** Retries after a 503, a 409 IDEMPOTENCY_KEY_IN_USE or a network error (default 3; 0: none). */
  retries?: number;
  /** The first wait; it doubles on every retry, with jitter, up to 30 s; a `Retry-After` header is honoured (default 250 ms). */
  retryDelayMs?: number;
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const MAX_DELAY_MS = 30_000;

/** Whether the answer says "the same request may succeed in a moment": unavailable, or its key still in use. */
async function transient(response: Response): Promise<boolean> {
  if (response.status === 503) return true;
  if (response.status !== 409) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => undefined)) as { code?: string } | undefined;
  return body?.code === 'IDEMPOTENCY_KEY_IN_USE';
}

function delayOf(attempt: number, base: number, response?: Response): number {
  const after = Number(response?.headers.get('retry-after'));
  if (Number.isFinite(after) && after > 0) return Math.min(after * 1000, MAX_DELAY_MS);
  const backoff = Math.min(base * 2 ** attempt, MAX_DELAY_MS);
  return backoff / 2 + Math.random() * (backoff / 2);
}

/**
 * Sends every POST with an `Idempotency-Key` (a fresh UUID, unless the caller set one; not on POST /graphql, where
 * the GraphQL client sets one on mutations only, a query being safe to repeat) and retries a request after a 503,
 * a 409 IDEMPOTENCY_KEY_IN_USE or a network error with exponential backoff, with the SAME key: the server then
 * answers a write that was made before the answer got lost with its stored answer instead of making it twice.
 * A PATCH is never retried (it carries no key).
 */
export function retryingFetch(
  send: (input: Request) => Promise<Response>,
  options: RetryOptions = {},
): (input: Request) => Promise<Response> {
  const retries = Math.max(0, options.retries ?? 3);
  const base = options.retryDelayMs ?? 250;
  return async (input) => {
    const request = new Request(input);
    const graphql = new URL(request.url).pathname.endsWith('/graphql');
    if (request.method === 'POST' && !graphql && !request.headers.has(IDEMPOTENCY_HEADER))
      request.headers.set(IDEMPOTENCY_HEADER, randomUUID());
    const retryable = request.method !== 'PATCH';
    for (let attempt = 0; ; attempt++) {
      const last = !retryable || attempt >= retries;
      let response: Response;
      try {
        response = await send(last ? request : request.clone());
      } catch (e) {
        if (last) throw e;
        await new Promise((r) => setTimeout(r, delayOf(attempt, base)));
        continue;
      }
      if (last || !(await transient(response))) return response;
      await new Promise((r) => setTimeout(r, delayOf(attempt, base, response)));
    }
  };
}
