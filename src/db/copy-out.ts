import type { Readable } from 'node:stream';
import { to as copyTo, type CopyToStreamQuery } from 'pg-copy-streams';

/**
 * `COPY ... TO STDOUT` as pg-copy-streams runs it (it takes the connection's socket for the copy and hands it back
 * to pg after CopyDone or an error), with the protocol's framing stripped in place (docs/decisions.md, "COPY's
 * framing stripped in place").
 *
 * The server sends each row as one CopyData message: a code byte, a 32-bit length and the row's bytes. pg-copy-streams
 * 7 takes a view of every message and joins a chunk's views into a new Buffer: per row an object, per chunk a copy.
 * Here the rows' bytes are moved to the front of the socket's own chunk (`copyWithin`, which allocates nothing) and
 * each chunk is handed on as one view: a third of the scavenges of a 1,000,000-row export, and a young generation
 * that regrows less while the service exports (docs/performance.md, "A smaller idle service"). Messages other than
 * CopyData (notices, parameter status) are skipped, as pg-copy-streams skips them; an ErrorResponse or the end of the
 * copy hands the rest of the chunk back to pg as it does.
 */
const ERROR_RESPONSE = 0x45;
const COPY_DATA = 0x64;
/** Messages that may come between CopyData messages and leave the copy going (the protocol's "Copy-out mode"). */
const WITHIN_COPY = new Set([0x48, COPY_DATA, 0x53, 0x4e, 0x41]); // CopyOutResponse, CopyData, ParameterStatus, Notice, Notification

/** pg-copy-streams' stream class, which its package does not export (its `to` makes one). */
const CopyTo = copyTo('').constructor as new (text: string) => CopyToStreamQuery;

/** What pg-copy-streams' stream holds that this reader uses. */
interface Internals {
  _buffer: { push(chunk: Buffer): void };
  _detach(): void;
  _cleanup(): void;
}
export class CopyOut extends CopyTo {
  /** What is read next: a message's code, its length, or its content. */
  private state: 'code' | 'length' | 'content' = 'code';
  private code = 0;
  private readonly length = Buffer.alloc(4);
  private have = 0;
  /** Bytes left of the current message's content. */
  private left = 0;

  /** Called by pg-copy-streams with each chunk the socket gives; answers whether more may be pushed. */
  _parse(chunk: Buffer): boolean | undefined {
    const self = this as unknown as Internals;
    let at = 0;
    let to = 0; // the chunk's rows so far are its bytes [0, to)
    let done = false;
    while (at < chunk.length && !done) {
      if (this.state === 'code') {
        this.code = chunk[at];
        if (this.code === ERROR_RESPONSE) {
          // pg reads the error (and the ReadyForQuery after it) from here on
          self._buffer.push(chunk.subarray(at));
          self._detach();
          return undefined;
        }
        at++;
        this.state = 'length';
      } else if (this.state === 'length') {
        while (this.have < 4 && at < chunk.length) this.length[this.have++] = chunk[at++];
        if (this.have < 4) break;
        this.have = 0;
        this.left = this.length.readUInt32BE(0) - 4;
        this.state = 'content';
      }
      if (this.state !== 'content') continue;
      const n = Math.min(this.left, chunk.length - at);
      if (this.code === COPY_DATA) {
        chunk.copyWithin(to, at, at + n);
        to += n;
      }
      at += n;
      this.left -= n;
      if (this.left) break;
      this.state = 'code';
      done = !WITHIN_COPY.has(this.code); // CopyDone, or any other message, ends the copy
    }
    const drained = to > 0 ? this.push(chunk.subarray(0, to)) : true;
    if (done) {
      // pg reads the copy's CommandComplete and ReadyForQuery from the rest
      self._buffer.push(chunk.subarray(at));
      self._detach();
      this.push(null);
      self._cleanup();
    }
    return drained;
  }
}
/** The bytes of `COPY (<query>) TO STDOUT`, each chunk one view of the socket's chunk. */
export const copyOut = (text: string): Readable & CopyToStreamQuery => new CopyOut(text);
