import type { Context } from '../graphql/context';
import { freshUnitOfWork } from '../graphql/context';
import { withTenantAccess } from '../db/access';
import { AppError, ErrorCode } from '../lib/errors';
import type { LiveHub } from './live-hub';
import type { KeptMessage, LiveTopicCursor } from './live-cursor';
import type { LiveMessage } from './publish';

/** What a subscription field gives `liveStream`: the topics it listens to and how it reads one message. */
export interface LiveSource<T> {
  accepts(topic: string): boolean;
  /**
   * What the subscriber receives for `message`, read with `ctx.em` (a fresh unit of work scoped to the subscriber's
   * organization, under its row-level security) or nothing: not theirs to see, or no longer there.
   */
  load(message: LiveMessage, ctx: Context<unknown>): Promise<T | null | undefined>;
}

/**
 * The events of one subscription (docs/events.md, "Live events"): the messages of the subscriber's organization
 * on the topics of `source`, each read under the subscriber's tenancy; those it may not see are skipped. Its
 * `return()` ends it at once, even while it waits.
 */
export function liveStream<T>(hub: LiveHub, ctx: Context<unknown>, source: LiveSource<T>): AsyncIterableIterator<T> {
  const principal = ctx.principal;
  if (!principal) throw AppError.unauthenticated('Authentication required');
  const at = ctx.live as LiveTopicCursor | undefined; // an SSE stream's cursor (./live-cursor.ts): its replay, its ids
  const accepts = (topic: string) => source.accepts(topic);
  at?.cursor.join(accepts);
  const feed = hub.feed(
    principal.organizationId,
    (message) => source.accepts(message.topic) && (at?.cursor.arrived(message) ?? true),
  );
  const read = async (message: LiveMessage): Promise<T | null | undefined> => {
    freshUnitOfWork(ctx);
    try {
      return await withTenantAccess(principal.organizationId, () => source.load(message, ctx));
    } catch (e) {
      if (e instanceof AppError && e.code === ErrorCode.NOT_FOUND) return undefined; // gone since the message left
      throw e;
    }
  };
  let replay: KeptMessage[] | undefined;
  const take = async (): Promise<LiveMessage | undefined> => {
    replay ??= at?.cursor.replayOf(accepts) ?? [];
    const replayed = replay.shift();
    if (replayed) {
      await at?.cursor.turn(replayed.seq);
      return replayed;
    }
    for (;;) {
      const r = await feed.next();
      if (r.done) return undefined;
      if (!at?.cursor.wasReplayed(r.value)) return r.value;
    }
  };
  const stream: AsyncIterableIterator<T> = {
    async next() {
      at?.cursor.settle(at.current); // the last one given was written
      for (;;) {
        const message = await take();
        if (!message) return { value: undefined, done: true };
        const value = await read(message);
        if (value !== undefined && value !== null) {
          if (at) at.current = message.seq;
          return { value, done: false };
        }
        at?.cursor.settle(message.seq);
      }
    },
    async return() {
      await feed.return?.();
      return { value: undefined, done: true };
    },
    [Symbol.asyncIterator]() {
      return stream;
    },
  };
  return stream;
}

/**
 * `iterable` whose every step runs under `organizationId`'s row-level security: graphql-js executes an event's
 * selection in the continuation of `next()`, so what its field resolvers read is inside the tenant too.
 */
export function inTenancy<T>(iterable: AsyncIterable<T>, organizationId: string): AsyncIterableIterator<T> {
  const inner = iterable[Symbol.asyncIterator]();
  const outer: AsyncIterableIterator<T> = {
    next: () => withTenantAccess(organizationId, () => inner.next()),
    return: async () => (await inner.return?.()) ?? { value: undefined, done: true },
    throw: async (e) => (inner.throw ? inner.throw(e) : Promise.reject(e)),
    [Symbol.asyncIterator]: () => outer,
  };
  return outer;
}
