import { Transform, type TransformCallback } from 'node:stream';
import { setFlagsFromString } from 'node:v8';

/** V8's collector, on the global when the process was started with `--expose-gc` (`npm start`, the Dockerfile). */
type Collector = (options: { type: 'minor' | 'major' }) => void;

/** The growth factor the process started with (`--semi-space-growth-factor`, V8's default 2 when not given). */
const GROWTH = Number(
  process.execArgv.map((a) => /^--semi[-_]space[-_]growth[-_]factor=(\d+)$/.exec(a)?.[1]).find(Boolean) ?? 2,
);
/** How many streams hold the young generation at its size now. */
let holding = 0;

/**
 * Holds V8's young generation at its present size while a stream forces collections (the first of them sets V8's
 * semi-space growth factor to 1; the last to end sets it back). V8 grows the young generation once the bytes that
 * survived its scavenges since it last grew exceed its size, whatever caused them: forced scavenges every 2 MB of a
 * long export each keep the few kilobytes of the stream in flight, and over a 900 MB export they add up to three
 * doublings, 16 MB semi-spaces, 27 MB of RSS that stays (docs/decisions.md, "The young generation held while an
 * export forces collections"). V8 reads the factor when it grows, so setting it at run time takes effect at once.
 */
function hold(): () => void {
  if (holding++ === 0) setFlagsFromString('--semi-space-growth-factor=1');
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    if (--holding === 0) setFlagsFromString(`--semi-space-growth-factor=${GROWTH}`);
  };
}

/**
 * Passes a byte stream through and asks V8 for a young-generation collection (a scavenge, about a millisecond)
 * after every `bytes` bytes, when the process exposes its collector; otherwise it only passes bytes. While it
 * collects, the young generation is held at its size (above).
 *
 * For streams that move many bytes with little JavaScript allocation, as the CSV lines PostgreSQL writes: each of
 * the socket's chunks is a Buffer whose memory outside V8's heap is freed only when a scavenge finds it dead, and
 * scavenges come from allocation on the heap, which such a stream hardly does. Between two of them the dead chunks
 * pile up and the young generation regrows (docs/performance.md, "A smaller idle service": a 1,000,000-row export
 * peaked at 146-151 MB without, 135-144 MB with a collection every 2 MB, at the same CPU a row).
 */
export class YoungCollections extends Transform {
  private since = 0;
  private readonly collect = (globalThis as { gc?: Collector }).gc;
  private readonly release = this.collect ? hold() : () => undefined;

  constructor(private readonly bytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.since += chunk.length;
    if (this.collect && this.since >= this.bytes) {
      this.since = 0;
      this.collect({ type: 'minor' });
    }
    done(null, chunk);
  }

  /** Ended, failed or destroyed: the hold is released (once). */
  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.release();
    done(error);
  }
}
