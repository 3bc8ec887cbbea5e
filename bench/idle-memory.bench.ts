/**
 * What the idle production service is made of (docs/performance.md, "What the idle service is made of"): the floor
 * under the export's 150 MB target (issue 31 part 4). Two parts:
 * 1. The code: a fresh `node --expose-gc` (NODE_ENV=production) requires, step by step, what the service loads at
 *    start (dist/), two full collections after each step; RSS and V8's heap in use after each. Then, for reference,
 *    what each package loaded on first use (src/lib/on-first-use.ts) would add.
 * 2. The service: started as the export bench starts it (bench/http/servers.ts: the flags of `npm start`), once
 *    migrating its empty database at start, then with MIGRATE_ON_START=false and each young-generation size of
 *    IDLE_SEMI_SPACES; its RSS after start-up and a registration, V8's committed heap, and the live heap after a
 *    full collection (`--expose-gc` added).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { registerOrg } from './bench-app';
import { benchDatabase } from './bench-db';
import { ROOT } from './http/deps';
import { start } from './http/servers';

const MB = 2 ** 20;
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
const SEMI_SPACES = (process.env.IDLE_SEMI_SPACES ?? '32,16,8').split(',').map(Number);

/** Steps, each a list of what to require after the steps before it. */
const STEPS: Array<[string, string[]]> = [
  ['node alone', []],
  ['MikroORM (its PostgreSQL driver, knex, pg)', ['reflect-metadata', '@mikro-orm/postgresql']],
  ['the migrator (@mikro-orm/migrations, umzug)', ['@mikro-orm/migrations']],
  ['GraphQL and HTTP', ['graphql', 'type-graphql', '@apollo/server', 'express', 'graphql-shield', 'graphql-ws']],
  ['class-validator', ['class-validator']],
  ['argon2 (native)', ['@node-rs/argon2']],
  ['nodemailer, pg-boss, the rest', ['nodemailer', 'pg-boss', 'pino', 'prom-client', 'dataloader']],
  ["the app's own modules (dist/src: no schema, no database)", ['./dist/src/composition.js', './dist/src/app.js']],
];
const ON_FIRST_USE: Array<[string, string[]]> = [
  ['compromise', ['compromise']],
  ['chrono-node', ['chrono-node']],
  ['openai', ['openai']],
  ['vega + vega-lite', ['vega', 'vega-lite']],
  ['pdfkit', ['pdfkit']],
];

/** In a fresh node: requires each step in turn and answers RSS and heap in use after each (bytes). */
function measureSteps(steps: Array<[string, string[]]>): Array<{ rss: number; heap: number }> {
  const script = `
    const steps = JSON.parse(process.argv[1]);
    const at = () => { gc(); gc(); const m = process.memoryUsage(); return { rss: m.rss, heap: m.heapUsed }; };
    const out = [];
    for (const ids of steps) {
      for (const id of ids) require(require.resolve(id, { paths: [process.cwd()] }));
      out.push(at());
    }
    console.log(JSON.stringify(out));`;
  const stdout = execFileSync(process.execPath, ['--expose-gc', '-e', script, JSON.stringify(steps.map((s) => s[1]))], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  return JSON.parse(stdout) as Array<{ rss: number; heap: number }>;
}

function codeTable(): void {
  const at = measureSteps(STEPS);
  console.log('| step (cumulative) | RSS after | RSS added | V8 heap in use after | heap added |');
  console.log('|---|---:|---:|---:|---:|');
  STEPS.forEach(([name], i) => {
    const before = i ? at[i - 1] : { rss: 0, heap: 0 };
    console.log(
      `| ${name} | ${mb(at[i].rss)} | ${mb(at[i].rss - before.rss)} | ${mb(at[i].heap)} | ${mb(at[i].heap - before.heap)} |`,
    );
  });
  // each deferred package after everything the service loads at start: what it adds on its first use
  for (const [name, ids] of ON_FIRST_USE) {
    const [loaded, used] = measureSteps([
      ['', STEPS.flatMap((s) => s[1])],
      [name, ids],
    ]);
    console.log(`| on first use: ${name} | | ${mb(used.rss - loaded.rss)} | | ${mb(used.heap - loaded.heap)} |`);
  }
}

const rssOf = (pid: number) =>
  Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

export default async function idleMemoryBench(): Promise<void> {
  console.log('The code (a fresh node, NODE_ENV=production, two full collections after each step):');
  codeTable();
  const db = await benchDatabase('idle');
  const flags = process.env.BENCH_APP_FLAGS ?? '';
  try {
    console.log('\nThe service, idle (bench/http/servers.ts; 2 s after start-up, then after a registration):');
    const variants: Array<[string, Record<string, string>, string]> = [
      ['the start flags, migrating the empty database at start', {}, ''],
      ...SEMI_SPACES.map((s): [string, Record<string, string>, string] => [
        `MIGRATE_ON_START=false, --max-semi-space-size=${s}`,
        { MIGRATE_ON_START: 'false' },
        `--max-semi-space-size=${s}`,
      ]),
    ];
    for (const [name, env, extra] of variants) {
      process.env.BENCH_APP_FLAGS = `${flags} --expose-gc ${extra}`;
      const app = await start('app', { DATABASE_URL: db.url, ...env });
      try {
        await new Promise((r) => setTimeout(r, 2000));
        const started = rssOf(app.pid);
        await registerOrg(app.base, `idle-${Date.now()}`);
        await new Promise((r) => setTimeout(r, 2000));
        const { memory } = await app.stats();
        const live = (await app.stats({ gc: true })).memory;
        console.log(
          `${name}: RSS ${mb(started)} after start-up, ${mb(memory.rss)} after a registration (V8 heap ${mb(memory.heapTotal)} committed, ${mb(memory.heapUsed)} used; the rest ${mb(memory.rss - memory.heapTotal)}); live heap after a full collection ${mb(live.heapUsed)}, RSS then ${mb(rssOf(app.pid))}`,
        );
      } finally {
        app.stop();
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  } finally {
    process.env.BENCH_APP_FLAGS = flags;
    await db.drop();
  }
  console.log(
    `load average (1, 5, 15 min) at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} on ${cpus().length} cores`,
  );
}
