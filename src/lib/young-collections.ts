import { Transform, type TransformCallback } from 'node:stream';

/** V8's collector, on the global when the process was started with `--expose-gc` (`npm start`, the Dockerfile). */
type Collector = (options: { type: 'minor' | 'major' }) => void;

/**
 * Passes a byte stream through and asks V8 for a young-generation collection (a scavenge, about a millisecond)
 * after every `bytes` bytes, when the process exposes its collector; otherwise it only passes bytes.
 *
 * For streams that move many bytes with little JavaScript allocation, as the CSV lines PostgreSQL writes: each of
 * the socket's chunks is a Buffer whose memory outside V8's heap is freed only when a scavenge finds it dead, and
 * scavenges come from allocation on the heap, which such a stream hardly does. Between two of them the dead chunks
 * pile up and the young generation regrows (docs/performance.md, "A smaller idle service": a 1,000,000-row export
 * peaked at 146-151 MB without, 135-144 MB with a collection every 2 MB, at the same CPU a row).
 */
export class YoungCollections extends Transform {
  private since = 0;

  constructor(private readonly bytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.since += chunk.length;
    const collect = (globalThis as { gc?: Collector }).gc;
    if (collect && this.since >= this.bytes) {
      this.since = 0;
      collect({ type: 'minor' });
    }
    done(null, chunk);
  }
}
