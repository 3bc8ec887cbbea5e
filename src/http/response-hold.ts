import type { OutgoingHttpHeaders } from 'node:http';
import type { Response } from 'express';

/** An answer as the handlers wrote it, not sent yet. */
export interface HeldResponse {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

type Chunk = string | Buffer | Uint8Array;
const toBuffer = (chunk: unknown, encoding?: unknown): Buffer =>
  Buffer.isBuffer(chunk)
    ? chunk
    : chunk instanceof Uint8Array
      ? Buffer.from(chunk)
      : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');

/**
 * Holds back what the handlers after this point write to `res` (status, headers, body) until `release()`:
 * `held` settles with the first complete answer (the first `end()`); anything written after it (a deadline's
 * 503 racing a finished answer) is ignored. `release(answer)` sends the held answer, or another one in its place.
 */
export function holdResponse(res: Response): {
  held: Promise<HeldResponse>;
  release(answer: HeldResponse): void;
  /** Lets writes through again, sending nothing: for an error handler that answers in its place. */
  restore(): void;
} {
  const write = res.write.bind(res) as (chunk: Chunk) => boolean;
  const end = res.end.bind(res) as (chunk?: Chunk) => Response;
  const chunks: Buffer[] = [];
  let done: HeldResponse | undefined;
  let settle!: (answer: HeldResponse) => void;
  const held = new Promise<HeldResponse>((resolve) => (settle = resolve));
  res.write = ((chunk: unknown, encoding?: unknown) => {
    if (!done && chunk !== undefined && chunk !== null) chunks.push(toBuffer(chunk, encoding));
    return true;
  }) as Response['write'];
  res.end = ((chunk?: unknown, encoding?: unknown) => {
    if (done) return res;
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') chunks.push(toBuffer(chunk, encoding));
    done = { status: res.statusCode, headers: { ...res.getHeaders() }, body: Buffer.concat(chunks) };
    settle(done);
    return res;
  }) as Response['end'];
  const restore = () => {
    res.write = write as Response['write'];
    res.end = end as Response['end'];
  };
  return {
    held,
    restore,
    release(answer) {
      restore();
      for (const name of res.getHeaderNames()) res.removeHeader(name);
      for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined) res.setHeader(name, value);
      res.setHeader('Content-Length', answer.body.length);
      res.statusCode = answer.status;
      end(answer.body);
    },
  };
}
