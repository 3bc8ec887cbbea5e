import { Transform, type TransformCallback } from 'node:stream';

/**
 * The rows of `COPY (select line, key ...) TO STDOUT (FORMAT binary)` as the bytes of their lines: a text file the
 * database wrote, row by row, without a JavaScript object per row. Each row has two text fields: the line (with its
 * own line end), or null when the database could not write it, and then the key that lets `fallback` write it.
 * Rows are written in order; `fallback`'s text takes its row's place. `progress` runs after every `every` rows and
 * at the end.
 *
 * The binary format (PostgreSQL's COPY docs, "Binary Format"): an 11-byte signature, a 32-bit flags field and a
 * 32-bit header extension length (and that many bytes); then per row a 16-bit field count (-1 ends the data) and per
 * field a 32-bit length (-1: null) and that many bytes. Any of these may be split across the stream's chunks.
 */
export interface CopyLinesOptions {
  fallback(key: string): Promise<string>;
  progress?(rows: number): void | Promise<void>;
  every: number;
}

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/**
 * Rows are parsed without an object per row: a line's bytes are moved to the front of the chunk they came in
 * (`copyWithin`, which allocates nothing, unlike `Buffer.copy` of a part), and each chunk is handed on as one view.
 * The chunks are the COPY stream's own (pg-copy-streams hands each on once and keeps none).
 */
export class CopyLines extends Transform {
  /** What is read next: the header, a row's field count, a field's length, or a field's bytes. */
  private state: 'header' | 'extension' | 'count' | 'length' | 'data' | 'end' = 'header';
  /** Bytes of the current fixed-size part (header, count, length) read so far. */
  private readonly part = Buffer.alloc(19);
  private have = 0;
  /** Bytes left of the current field (data) or header extension. */
  private left = 0;
  private field = 0;
  private fields = 0;
  /** The current row's line is null: its key (the second field) is gathered instead. */
  private missing = false;
  private key: number[] = [];
  private rows = 0;
  /** The rows whose line was null, written by `fallback`. */
  fellBack = 0;

  constructor(private readonly options: CopyLinesOptions) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.parse(chunk).then(() => done(), done);
  }

  /** The end of the COPY: its trailer was read (else it was cut short), and the progress of the last rows is told. */
  override _flush(done: TransformCallback): void {
    if (this.state !== 'end') return done(new Error('COPY ended before its trailer'));
    const { rows } = this;
    Promise.resolve(rows % this.options.every ? this.options.progress?.(rows) : undefined).then(() => done(), done);
  }

  /** Reads `size` bytes of a fixed-size part from `chunk` at `at`; answers the new position, or -1 (need more). */
  private gather(chunk: Buffer, at: number, size: number): number {
    while (this.have < size && at < chunk.length) this.part[this.have++] = chunk[at++];
    if (this.have < size) return -1;
    this.have = 0;
    return at;
  }

  private async parse(chunk: Buffer): Promise<void> {
    let at = 0;
    /** The chunk's lines so far are its bytes [from, to). */
    let from = 0;
    let to = 0;
    while (at < chunk.length && this.state !== 'end') {
      switch (this.state) {
        case 'header': {
          const next = this.gather(chunk, at, 19);
          if (next < 0) return;
          if (!this.part.subarray(0, 11).equals(SIGNATURE)) throw new Error('not a binary COPY');
          this.left = this.part.readUInt32BE(15);
          this.state = this.left ? 'extension' : 'count';
          at = next;
          break;
        }
        case 'extension': {
          const n = Math.min(this.left, chunk.length - at);
          this.left -= n;
          at += n;
          if (!this.left) this.state = 'count';
          break;
        }
        case 'count': {
          at = this.gather(chunk, at, 2);
          if (at < 0) return this.hand(chunk, from, to);
          this.fields = this.part.readInt16BE(0);
          this.field = 0;
          this.missing = false;
          this.state = this.fields === -1 ? 'end' : this.fields ? 'length' : 'count';
          break;
        }
        case 'length': {
          at = this.gather(chunk, at, 4);
          if (at < 0) return this.hand(chunk, from, to);
          const length = this.part.readInt32BE(0);
          if (length < 0 && this.field === 0) this.missing = true;
          this.left = Math.max(length, 0);
          this.state = 'data';
          break;
        }
        case 'data': {
          const n = Math.min(this.left, chunk.length - at);
          if (this.field === 0) {
            chunk.copyWithin(to, at, at + n);
            to += n;
          } else if (this.missing) for (let i = at; i < at + n; i++) this.key.push(chunk[i]);
          this.left -= n;
          at += n;
          if (this.left) break;
          if (++this.field < this.fields) {
            this.state = 'length';
            break;
          }
          this.state = 'count';
          this.rows++;
          if (this.missing) {
            // the row's text from the fallback, in its place: the lines before it go first
            this.hand(chunk, from, to);
            from = to = at;
            const key = Buffer.from(this.key).toString('utf8');
            this.key = [];
            this.fellBack++;
            this.push(Buffer.from(await this.options.fallback(key), 'utf8'));
          }
          if (this.rows % this.options.every === 0) await this.options.progress?.(this.rows);
          break;
        }
      }
    }
    this.hand(chunk, from, to);
  }

  /** Hands on the chunk's lines [from, to). */
  private hand(chunk: Buffer, from: number, to: number): void {
    if (to > from) this.push(chunk.subarray(from, to));
  }

  /** The rows read so far. */
  get count(): number {
    return this.rows;
  }
}
