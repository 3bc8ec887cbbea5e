/**
 * src/db/copy-lines.ts: the lines of a binary COPY, read from a real server's COPY (pg-copy-streams) and fed again
 * in chunks cut at every position, so every field, length and count is once split across two chunks; a null line
 * is handed to the fallback, in its place.
 */
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Client } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { CopyLines } from '../src/db/copy-lines';
import { createTestApp } from './support/test-app';

const COPY = `copy (select case when n % 4 = 0 then null else 'line ' || n || repeat('x', n % 7) || E'\\r\\n' end,
  case when n % 4 = 0 then 'key-' || n end from generate_series(1, 12) n) to stdout (format binary)`;

let copied: Buffer;
beforeAll(async () => {
  const t = await createTestApp();
  const client = new Client({ connectionString: t.databaseUrl });
  await client.connect();
  try {
    const parts: Buffer[] = [];
    for await (const chunk of client.query(copyTo(COPY))) parts.push(chunk as Buffer);
    copied = Buffer.concat(parts);
  } finally {
    await client.end();
    await t.close();
  }
}, 120_000);

/** The text CopyLines writes for `chunks` (copies: it moves bytes within the chunks it is given). */
async function linesOf(chunks: Buffer[], every = 5): Promise<{ text: string; progress: number[]; rows: number }> {
  const progress: number[] = [];
  const lines = new CopyLines({
    fallback: async (key) => `fallback ${key}\r\n`,
    every,
    progress: (rows) => void progress.push(rows),
  });
  const sink = new PassThrough();
  let text = '';
  sink.on('data', (c: Buffer) => (text += c.toString()));
  await pipeline(Readable.from(chunks.map((c) => Buffer.from(c))), lines, sink);
  return { text, progress, rows: lines.count };
}

const expected = Array.from({ length: 12 }, (_, i) => i + 1)
  .map((n) => (n % 4 === 0 ? `fallback key-${n}\r\n` : `line ${n}${'x'.repeat(n % 7)}\r\n`))
  .join('');

it('writes the lines of a whole COPY in order, with the fallback in place of a null line', async () => {
  const whole = await linesOf([copied]);
  expect(whole).toEqual({ text: expected, progress: [5, 10, 12], rows: 12 });
});

it('reads the same lines whatever the chunks, cut at every position and in one-byte pieces', async () => {
  for (let cut = 1; cut < copied.length; cut++)
    expect((await linesOf([copied.subarray(0, cut), copied.subarray(cut)])).text).toBe(expected);
  expect((await linesOf([...copied].map((b) => Buffer.from([b])))).text).toBe(expected);
});

it('refuses what is not a binary COPY, and a COPY cut before its trailer', async () => {
  await expect(linesOf([Buffer.from('id,name\r\n1,x\r\n'.repeat(3))])).rejects.toThrow('not a binary COPY');
  await expect(linesOf([copied.subarray(0, copied.length - 2)])).rejects.toThrow('before its trailer');
});
