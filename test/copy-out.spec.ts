/**
 * src/db/copy-out.ts: a COPY's rows with the protocol's framing stripped in place. Against a real server it gives
 * pg-copy-streams' bytes (notices between rows skipped), an error mid-copy reaches the stream and leaves the
 * connection usable; and a protocol stream cut at every position gives the same rows and hands the same rest back.
 */
import { Client } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { CopyOut, copyOut } from '../src/db/copy-out';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let client: Client;
beforeAll(async () => {
  t = await createTestApp();
  client = new Client({ connectionString: t.databaseUrl });
  await client.connect();
  // a notice every 100 rows: the protocol's NoticeResponse between two CopyData messages
  await client.query(`create function pg_temp.noisy(n int) returns int language plpgsql as $$
    begin if n % 100 = 0 then raise notice 'row %', n; end if; return n; end $$`);
}, 120_000);
afterAll(async () => {
  await client.end();
  await t.close();
});

async function bytesOf(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(parts);
}

it.each([
  ['text', `copy (select n, repeat('x', n % 300), now()::date from generate_series(1, 20000) n) to stdout`],
  [
    'csv with notices',
    `copy (select pg_temp.noisy(n), 'a,"b"' from generate_series(1, 5000) n) to stdout (format csv)`,
  ],
  ['binary', `copy (select n, 'line ' || n from generate_series(1, 5000) n) to stdout (format binary)`],
  ['no rows', `copy (select 1 where false) to stdout`],
])('%s: the same bytes as pg-copy-streams, and the connection goes on', async (_name, sql) => {
  const ours = await bytesOf(client.query(copyOut(sql)));
  const theirs = await bytesOf(client.query(copyTo(sql)));
  expect(ours.equals(theirs)).toBe(true);
  expect((await client.query('select 42 as n')).rows).toEqual([{ n: 42 }]);
});

it('an error in the middle of the copy reaches the stream; the connection goes on', async () => {
  const sql = `copy (select 1 / (3000 - n), repeat('y', 100) from generate_series(1, 5000) n) to stdout`;
  await expect(bytesOf(client.query(copyOut(sql)))).rejects.toThrow(/division by zero/);
  expect((await client.query('select 43 as n')).rows).toEqual([{ n: 43 }]);
});

/** A protocol message: its code, a 32-bit length that counts itself, its content. */
const message = (code: string, content: Buffer | string = '') => {
  const body = Buffer.from(content);
  const head = Buffer.alloc(5);
  head.write(code, 0, 'latin1');
  head.writeUInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
};

/** A CopyOut whose hand-back to pg is recorded instead of made. */
class Recorded extends CopyOut {
  handedBack: Buffer | undefined;
  _detach(): void {
    const buffer = (this as unknown as { _buffer: { size: number; take(n: number): Buffer } })._buffer;
    this.handedBack = Buffer.from(buffer.take(buffer.size));
  }
}

it('a protocol stream cut at every position: the same rows, the rest handed back to pg', () => {
  const rows = ['1\tone\n', '2\ttwo\n', '', '3\tthree, a longer row\n'];
  const rest = Buffer.concat([message('C', 'COPY 4\0'), message('Z', 'I')]);
  const stream = Buffer.concat([
    message('H', Buffer.from([0, 0, 2, 0, 0, 0, 0])),
    message('d', rows[0]),
    message('N', 'SNOTICE\0Mrow\0\0'),
    message('d', rows[1]),
    message('d', rows[2]),
    message('S', 'TimeZone\0UTC\0'),
    message('d', rows[3]),
    message('c'),
    rest,
  ]);
  const restAt = stream.length - rest.length;
  for (let cut = 0; cut <= stream.length; cut++) {
    const out = new Recorded('copy');
    // each part a copy: CopyOut moves bytes within the chunks it is given; after the hand-back pg reads the socket
    for (const part of [stream.subarray(0, cut), stream.subarray(cut)])
      if (part.length && !out.handedBack) out._parse(Buffer.from(part));
    const pushed: Buffer[] = [];
    for (let chunk: Buffer | null; (chunk = out.read() as Buffer | null) !== null;) pushed.push(chunk);
    expect({ cut, rows: Buffer.concat(pushed).toString() }).toEqual({ cut, rows: rows.join('') });
    expect({ cut, rest: out.handedBack?.toString('latin1') }).toEqual({
      cut,
      // the rest the first part held (pg reads the remainder from the socket), or all of it when the cut came before
      rest: (cut >= restAt ? rest.subarray(0, cut - restAt) : rest).toString('latin1'),
    });
  }
});
