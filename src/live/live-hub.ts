import type { LiveMessage } from './publish';

/**
 * A change of who may be connected (docs/events.md, "Live events"): `s:<session id>`, `u:<user id>` (the
 * `crm_principal` notifications the principal cache also hears), `k:<API key id>` (a key revoked, expired or
 * deleted) or `*` (anything: a TRUNCATE, or this process's LISTEN connection came back and may have missed some).
 */
export type AccessChange = string;

/** One subscriber's queue: messages of its organization that it accepts, in arrival order. */
class Feed implements AsyncIterableIterator<LiveMessage> {
  private readonly queue: LiveMessage[] = [];
  private waiting?: (result: IteratorResult<LiveMessage>) => void;
  private failWaiting?: (error: Error) => void;
  private ended = false;
  private error?: Error;

  constructor(
    readonly accepts: (message: LiveMessage) => boolean,
    private readonly limit: number,
    private readonly onEnd: () => void,
  ) {}

  push(message: LiveMessage): void {
    if (this.ended) return;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = this.failWaiting = undefined;
      resolve({ value: message, done: false });
    } else if (this.queue.length >= this.limit) {
      // A subscriber this far behind is ended, not silently thinned: it resubscribes and reads what it missed.
      this.fail(new Error(`more than ${this.limit} live messages waiting: the subscriber is too slow`));
    } else this.queue.push(message);
  }

  fail(error: Error): void {
    if (this.ended) return;
    this.error = error;
    if (this.failWaiting) this.failWaiting(error);
    this.close();
  }

  next(): Promise<IteratorResult<LiveMessage>> {
    const queued = this.queue.shift();
    if (queued) return Promise.resolve({ value: queued, done: false });
    if (this.error) return Promise.reject(this.error);
    if (this.ended) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve, reject) => {
      this.waiting = resolve;
      this.failWaiting = reject;
    });
  }

  return(): Promise<IteratorResult<LiveMessage>> {
    this.close();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  private close(): void {
    if (this.ended) return;
    this.ended = true;
    this.queue.length = 0;
    const resolve = this.waiting;
    this.waiting = this.failWaiting = undefined;
    resolve?.({ value: undefined, done: true });
    this.onEnd();
  }
}

/**
 * This process's live subscribers (docs/events.md, "Live events"): each one a queue of the messages of its own
 * organization whose topic it accepts. The live listener (`./live-listener.ts`) hands it every message of the
 * `crm_live` channel and every change of access; the subscriptions (GraphQL over WebSocket, the SSE stream) read
 * their queues and load what a message names under their subscriber's tenancy.
 */
export class LiveHub {
  private readonly feeds = new Map<string, Set<Feed>>();
  private readonly accessWatchers = new Set<(change: AccessChange) => void>();

  /** `queueLimit`: messages a subscriber may have waiting before its feed is ended. */
  constructor(private readonly queueLimit = 1000) {}

  /** A feed of `organizationId`'s messages that it `accepts` (called once per message); its `return()` ends it. */
  feed(organizationId: string, accepts: (message: LiveMessage) => boolean): AsyncIterableIterator<LiveMessage> {
    const set = this.feeds.get(organizationId) ?? new Set<Feed>();
    this.feeds.set(organizationId, set);
    const feed: Feed = new Feed(accepts, this.queueLimit, () => {
      set.delete(feed);
      if (set.size === 0 && this.feeds.get(organizationId) === set) this.feeds.delete(organizationId);
    });
    set.add(feed);
    return feed;
  }

  /** Subscribers waiting on this process. */
  get subscribers(): number {
    let n = 0;
    for (const set of this.feeds.values()) n += set.size;
    return n;
  }

  dispatch(message: LiveMessage): void {
    for (const feed of this.feeds.get(message.organizationId) ?? []) if (feed.accepts(message)) feed.push(message);
  }

  /** Calls `watcher` with every change of access; the returned function stops it. */
  onAccessChange(watcher: (change: AccessChange) => void): () => void {
    this.accessWatchers.add(watcher);
    return () => this.accessWatchers.delete(watcher);
  }

  accessChanged(change: AccessChange): void {
    for (const watcher of this.accessWatchers) watcher(change);
  }
}
