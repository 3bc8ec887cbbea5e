import type { LiveMessage } from './publish';

/** A message as kept in `live_messages`: it has its number. */
export type KeptMessage = LiveMessage & { seq: number };

/**
 * Where one SSE stream is (docs/events.md, "Resuming: Last-Event-ID"), shared by the subscriptions of its topics:
 * the replay read after `Last-Event-ID` (handed out in order, one message after the other across the topics) and
 * the id each event carries. That id is a mark, not merely the event's own number: the highest message number up
 * to which every message the stream took has been written or skipped, so that resuming from it loses nothing
 * when the topics' events are written out of order (one topic's record read slower than another's).
 */
export class LiveCursor {
  /** Messages a topic has taken and not yet written or skipped. */
  private readonly open = new Set<number>();
  /** Written or skipped, above the mark. */
  private settled: number[] = [];
  private replay: KeptMessage[] = [];
  private readonly replayed = new Set<number>();
  private readonly topics: ((topic: string) => boolean)[] = [];
  private waiters: (() => void)[] = [];
  private mark?: number;

  /** A topic's subscription joins the stream (before the replay is read): the replay will hold what it accepts. */
  join(accepts: (topic: string) => boolean): void {
    this.topics.push(accepts);
  }

  /**
   * Resumes after `since` (an id this stream's client was given) with the messages kept since then, in order,
   * read once every topic has joined (its feed open).
   */
  resume(since: number, messages: KeptMessage[]): void {
    this.mark = since;
    this.replay = messages.filter((m) => this.topics.some((accepts) => accepts(m.topic)));
    for (const m of this.replay) {
      this.replayed.add(m.seq);
      this.open.add(m.seq);
    }
  }

  /** The replayed messages of one topic. */
  replayOf(accepts: (topic: string) => boolean): KeptMessage[] {
    return this.replay.filter((m) => accepts(m.topic));
  }

  /** A live message a topic accepts: false when the replay has it already. */
  arrived(message: LiveMessage): boolean {
    if (message.seq === undefined) return true;
    if (this.replayed.has(message.seq)) return false;
    this.open.add(message.seq);
    return true;
  }

  wasReplayed(message: LiveMessage): boolean {
    return message.seq !== undefined && this.replayed.has(message.seq);
  }

  /** Resolves when every replayed message before `seq` is written or skipped: the replay goes out in order. */
  async turn(seq: number): Promise<void> {
    while (this.replay.some((m) => m.seq < seq && this.open.has(m.seq)))
      await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  /** `seq` was written or skipped. */
  settle(seq: number | undefined): void {
    if (seq === undefined || !this.open.delete(seq)) return;
    this.settled.push(seq);
    const lowestOpen = Math.min(...this.open);
    const below = this.settled.filter((s) => s < lowestOpen);
    if (below.length) this.mark = Math.max(this.mark ?? 0, ...below);
    this.settled = this.settled.filter((s) => s >= lowestOpen);
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** The id of the event being written: resuming from it replays everything not yet written (undefined: none yet). */
  get id(): number | undefined {
    return this.mark;
  }

  /** The stream ended: nothing waits for its turn any more. */
  close(): void {
    this.replay = [];
    for (const wake of this.waiters.splice(0)) wake();
  }
}

/** What a subscription's context carries on an SSE stream: the stream's cursor, and the message it last gave. */
export interface LiveTopicCursor {
  cursor: LiveCursor;
  current?: number;
}
