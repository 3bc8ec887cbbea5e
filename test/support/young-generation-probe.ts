/**
 * Run by test/young-collections.spec.ts in a child `node --expose-gc --max-semi-space-size=32` (the API's flags):
 * the same pattern of forced scavenges, each finding a few kilobytes still alive, once through YoungCollections and
 * once by bare calls of the collector; prints V8's new space size (MB) before, after the stream and after the bare
 * calls, as JSON.
 */
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { getHeapSpaceStatistics } from 'node:v8';
import { YoungCollections } from '../../src/lib/young-collections';

const CHUNK = 64 * 1024;
const ROUNDS = 1500;
const newSpace = () => (getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0) / 2 ** 20;

/** Allocates a chunk's worth of garbage and keeps the last few rounds' survivors (about 50 KB a collection). */
let alive: unknown[][] = [];
function churn(): void {
  const kept: unknown[] = [];
  for (let i = 0; i < 1400; i++) {
    const garbage = new Array(100).fill(i);
    if (i % 28 === 0) kept.push(garbage);
  }
  alive = [...alive.slice(-1), kept];
}

async function main(): Promise<void> {
  const before = newSpace();
  const chunks = (function* () {
    for (let i = 0; i < ROUNDS; i++) {
      churn();
      yield Buffer.alloc(CHUNK);
    }
  })();
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  await pipeline(Readable.from(chunks), new YoungCollections(CHUNK), sink);
  const streamed = newSpace();
  const gc = (globalThis as unknown as { gc: (o: { type: 'minor' }) => void }).gc;
  for (let i = 0; i < ROUNDS; i++) {
    churn();
    gc({ type: 'minor' });
  }
  console.log(JSON.stringify({ before, streamed, bare: newSpace() }));
}

void main();
