/**
 * Preloaded (`node --require`) into every server the HTTP bench starts: counts the SQL statements sent by every
 * copy of `pg` in the process (MikroORM has its own) and answers the bench's `stats` message over IPC with that
 * count and the process's memory. Nothing of the server under test is changed.
 */
import { dirname } from 'node:path';
import { benchRequire } from './deps';

let statements = 0;

function countQueries(pgPath: string): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const pg = require(pgPath) as { Client: { prototype: { query: (...args: unknown[]) => unknown } } };
  const proto = pg.Client.prototype;
  const query = proto.query;
  if ((query as { counted?: boolean }).counted) return;
  const counted = function (this: unknown, ...args: unknown[]) {
    statements++;
    return query.apply(this, args);
  };
  (counted as { counted?: boolean }).counted = true;
  proto.query = counted;
}

const copies = new Set<string>([require.resolve('pg')]);
try {
  copies.add(require.resolve('pg', { paths: [dirname(require.resolve('@mikro-orm/postgresql'))] }));
} catch {
  // a single copy of pg
}
try {
  copies.add(benchRequire.resolve('pg')); // PostGraphile's (bench/http/package.json)
} catch {
  // not installed: no PostGraphile in this process
}
for (const p of copies) countQueries(p);

process.on('message', (m: { stats?: number; gc?: boolean }) => {
  if (m?.gc && global.gc) {
    global.gc();
    global.gc();
  }
  if (m?.stats !== undefined)
    process.send?.({ id: m.stats, statements, rss: process.memoryUsage().rss, memory: process.memoryUsage() });
});
