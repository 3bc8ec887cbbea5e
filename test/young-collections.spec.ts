/**
 * src/lib/young-collections.ts: a byte stream passed through unchanged, with a young-generation collection after
 * every so many bytes when the process exposes V8's collector (`--expose-gc`, as `npm start` runs the API), and
 * none when it does not; and V8's young generation held at its size while it collects.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { YoungCollections } from '../src/lib/young-collections';

const KB = 1024;
const MB = KB * KB;

async function passed(chunks: Buffer[], bytes: number): Promise<Buffer> {
  const out: Buffer[] = [];
  await pipeline(
    Readable.from(chunks),
    new YoungCollections(bytes),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        out.push(chunk);
        done();
      },
    }),
  );
  return Buffer.concat(out);
}

const global = globalThis as { gc?: unknown };
const exposed = global.gc;
afterEach(() => {
  global.gc = exposed;
});

it('with the collector exposed: one minor collection per 2 MB, the bytes unchanged', async () => {
  const calls: unknown[] = [];
  global.gc = (options: unknown) => void calls.push(options);
  const chunks = Array.from({ length: 160 }, () => randomBytes(64 * KB)); // 10 MB
  const out = await passed(chunks, 2 * MB);
  expect(out.equals(Buffer.concat(chunks))).toBe(true);
  expect(calls).toEqual(Array.from({ length: 5 }, () => ({ type: 'minor' })));
});

it('without it: the bytes unchanged, nothing asked', async () => {
  delete global.gc;
  const chunks = Array.from({ length: 40 }, () => randomBytes(64 * KB));
  expect((await passed(chunks, 256 * KB)).equals(Buffer.concat(chunks))).toBe(true);
});

it("holds V8's young generation at its size while it collects, and lets it grow again after", () => {
  // a child with the API's flags (package.json's start): the same forced scavenges, each finding a few kilobytes
  // alive, grow the young generation when called bare, and not through the stream
  const out = execFileSync(
    process.execPath,
    [
      '--expose-gc',
      '--max-semi-space-size=32',
      '-r',
      './test/support/ts-register.js',
      'test/support/young-generation-probe.ts',
    ],
    { cwd: join(__dirname, '..'), encoding: 'utf8' },
  );
  const { before, streamed, bare } = JSON.parse(out) as Record<string, number>;
  // held: one step at most (1 -> 2 MB here); bare: to the flags' 32 MB semi-spaces (64 MB)
  expect(streamed).toBeLessThanOrEqual(2 * before);
  expect(bare).toBeGreaterThanOrEqual(8 * streamed);
});
