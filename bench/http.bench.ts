/**
 * `npm run bench http`: the service against the floor (a bare node:http + pg handler with the same SQL and
 * JSON) and against PostGraphile 5 over the same tables, in one run, interleaved A/B/A/B with autocannon on
 * loopback (16 connections, rate limits raised). Each server runs in its own process with `pg` instrumented
 * (bench/http/instrument.ts) to count SQL statements per request and report its RSS. Then the search check
 * (p95 of `search=` against the raw statements, sequentially) and EXPLAIN of every documented sortBy.
 * The cost of row-level security: the same service started a second time with DB_ROW_SECURITY=false (its pool
 * keeps the bench's superuser, so no policy applies), interleaved with the first on the REST list and the
 * nested GraphQL list.
 * Appends its figures to docs/performance.md.
 *
 * Env: BENCH_CONTACTS (per organization, default 100000), BENCH_SECONDS (per run, default 8), BENCH_ROUNDS
 * (default 2), BENCH_APPEND=false to leave docs/performance.md alone, BENCH_DB (the kept database's name, default
 * http), BENCH_PROF=app|floor|postgraphile (that server runs with --cpu-prof, profile in the working folder),
 * BENCH_WORKERS (default 1: the service as that many processes sharing its port, bench/http/cluster-app.ts).
 */
import { appendFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { reusableBenchDatabase } from './bench-db';
import { email, ORGS, PASSWORD, seed, seededSize } from './http/seed';
import { ensureBenchDependencies } from './http/deps';
import { Server, start } from './http/servers';
import { explainSorts } from './http/explain';
import { searchCheck } from './http/search-check';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = 16;
const SEARCH = 'c1234';

const NESTED = `{ contacts(limit: 50) { data { id name email phone status createdAt company { id name } owner { id firstName lastName }
  opportunities(limit: 5) { id name value status } } pagination { currentPage totalPages totalItems pageSize hasNextPage hasPreviousPage } } }`;
const pglNested = (
  org: string,
) => `{ allContacts(first: 50, condition: { organizationId: "${org}", supersededById: null },
  orderBy: [CREATED_AT_DESC, PRIMARY_KEY_ASC]) { totalCount pageInfo { hasNextPage hasPreviousPage } nodes { id name email phone status createdAt
  companyByCompanyId { id name } userByOwnerId { id firstName lastName }
  opportunitiesByContactId(first: 5, orderBy: [CREATED_AT_DESC, PRIMARY_KEY_ASC]) { nodes { id name value status } } } } }`;

const NO_RLS = { rest: 'REST, row security off', nested: 'GraphQL nested, row security off' };

interface Target {
  name: string;
  server: Server;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
}

interface Figures {
  rps: number[];
  p50: number[];
  p99: number[];
  statements: number[];
  bad: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length / 2;
  return Number.isInteger(m) ? (s[m - 1] + s[m]) / 2 : s[Math.floor(m)];
};

async function session(base: string, i: number, register: boolean): Promise<{ cookie: string; org: string }> {
  const res = await fetch(`${base}/api/auth/${register ? 'register' : 'login'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(
      register
        ? { email: email(i), password: PASSWORD, organizationName: `Bench ${i}`, firstName: 'Bench', lastName: `N${i}` }
        : { email: email(i), password: PASSWORD },
    ),
  });
  const setCookie = res.headers.get('set-cookie');
  if (!setCookie) throw new Error(`${register ? 'register' : 'login'} answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { user: { organizationId: string } };
  return { cookie: setCookie.split(';')[0], org: body.user.organizationId };
}

async function load(t: Target, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: `${t.server.base}${t.path}`,
    method: t.method ?? 'GET',
    body: t.body,
    headers: t.headers,
    connections: CONNECTIONS,
    duration: seconds,
  });
}

export default async function httpBench(): Promise<void> {
  ensureBenchDependencies(); // PostGraphile: bench/http/package.json, installed on the first run
  const load0 = loadavg();
  const db = await reusableBenchDatabase(process.env.BENCH_DB ?? 'http');
  let size = await seededSize(db.url);
  if (size !== CONTACTS) {
    console.log(`bench database holds ${size ?? 'no'} seed; seeding ${CONTACTS} contacts per organization`);
    await db.reset();
    size = null;
  }
  const env = { DATABASE_URL: db.url };
  const servers: Server[] = [];
  const interrupted = () => {
    for (const s of servers) s.stop(); // the servers are child processes: stop them with the bench
    process.exit(130);
  };
  process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
  const app = await start('app', env);
  servers.push(app);
  try {
    let first: { cookie: string; org: string };
    if (size === null) {
      const orgs: string[] = [];
      first = await session(app.base, 1, true);
      orgs.push(first.org);
      for (let i = 2; i <= ORGS; i++) orgs.push((await session(app.base, i, true)).org);
      console.log(`seeding ${ORGS} organizations x ${CONTACTS} contacts ...`);
      console.log(`  seeded in ${(await seed(db.url, orgs, CONTACTS)).toFixed(0)} s`);
    } else {
      console.log(`reusing the bench database (${ORGS} organizations x ${size} contacts)`);
      first = await session(app.base, 1, false);
    }
    const floor = await start('floor', { ...env, BENCH_ORG: first.org });
    servers.push(floor);
    const pgl = await start('postgraphile', env);
    servers.push(pgl);
    const open = await start('app', { ...env, DB_ROW_SECURITY: 'false' });
    servers.push(open);
    const idle = await app.stats();

    const auth = { cookie: first.cookie };
    const json = { 'content-type': 'application/json' };
    const pairs: [Target, Target][] = [
      [
        { name: 'REST /api/contacts?limit=50', server: app, path: '/api/contacts?limit=50', headers: auth },
        { name: 'floor', server: floor, path: '/contacts?limit=50' },
      ],
      [
        {
          name: `REST ... &search=${SEARCH}`,
          server: app,
          path: `/api/contacts?limit=50&search=${SEARCH}`,
          headers: auth,
        },
        { name: 'floor search', server: floor, path: `/contacts?limit=50&search=${SEARCH}` },
      ],
      [
        { name: 'REST ... &sortBy=name', server: app, path: '/api/contacts?limit=50&sortBy=name', headers: auth },
        { name: 'floor sortBy=name', server: floor, path: '/contacts?limit=50&sortBy=name' },
      ],
      [
        {
          name: 'GraphQL nested (ours)',
          server: app,
          path: '/graphql',
          method: 'POST',
          body: JSON.stringify({ query: NESTED }),
          headers: { ...auth, ...json },
        },
        {
          name: 'PostGraphile nested',
          server: pgl,
          path: '/graphql',
          method: 'POST',
          body: JSON.stringify({ query: pglNested(first.org) }),
          headers: json,
        },
      ],
    ];
    // Row security's cost: the same requests to the service without it, against the same targets of ours.
    const [rest, , , nested] = pairs.map((p) => p[0]);
    pairs.push(
      [{ ...rest, name: NO_RLS.rest, server: open }, rest],
      [{ ...nested, name: NO_RLS.nested, server: open }, nested],
    );
    // Each target answers once, correctly, before any load.
    for (const t of pairs.flat()) {
      const res = await fetch(`${t.server.base}${t.path}`, {
        method: t.method ?? 'GET',
        body: t.body,
        headers: t.headers,
      });
      const text = await res.text();
      if (res.status !== 200 || text.includes('"errors"'))
        throw new Error(`${t.name} answered ${res.status}: ${text.slice(0, 300)}`);
    }
    // BENCH_ONLY (a regular expression over our targets' names) keeps only the matching pairs, for quick iterations;
    // such a run skips the search check and the EXPLAINs and appends nothing.
    const only = process.env.BENCH_ONLY;
    if (only) pairs.splice(0, pairs.length, ...pairs.filter((p) => new RegExp(only).test(p[0].name)));
    for (const t of pairs.flat()) await load(t, 2); // warm-up

    const figures = new Map<string, Figures>();
    let peakRss = idle.rss;
    const sampler = setInterval(() => {
      void app.stats().then((s) => (peakRss = Math.max(peakRss, s.rss)));
    }, 500);
    for (let round = 1; round <= ROUNDS; round++) {
      for (const pair of pairs) {
        for (const t of round % 2 ? pair : [...pair].reverse()) {
          const before = await t.server.stats();
          const r = await load(t, SECONDS);
          const after = await t.server.stats();
          const f = figures.get(t.name) ?? { rps: [], p50: [], p99: [], statements: [], bad: 0 };
          f.rps.push(r.requests.average);
          f.p50.push(r.latency.p50);
          f.p99.push(r.latency.p99);
          f.statements.push((after.statements - before.statements) / Math.max(1, r.requests.total));
          f.bad += r.non2xx + r.errors + r.timeouts;
          figures.set(t.name, f);
          console.log(
            `  round ${round} ${t.name.padEnd(34)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms`,
          );
        }
      }
    }
    clearInterval(sampler);
    const load1 = loadavg();

    const lines: string[] = [];
    const row = (name: string, ref?: string, refLabel?: string) => {
      const f = figures.get(name);
      if (!f || (ref && !figures.has(ref))) return; // a pair BENCH_ONLY left out
      const rps = median(f.rps);
      const refRps = ref ? median(figures.get(ref)?.rps ?? [NaN]) : NaN;
      lines.push(
        `| ${name} | ${rps.toFixed(0)} | ${median(f.p50).toFixed(0)} | ${median(f.p99).toFixed(0)} | ${median(f.statements).toFixed(2)} | ${ref ? `${(rps / refRps).toFixed(2)}x ${refLabel}` : ''} |${f.bad ? ` ${f.bad} failed` : ''}`,
      );
    };
    lines.push(
      '| target | req/s | p50 ms | p99 ms | SQL statements / request | ratio |',
      '|---|---:|---:|---:|---:|---|',
    );
    row('REST /api/contacts?limit=50', 'floor', 'floor');
    row('floor');
    row(`REST ... &search=${SEARCH}`, 'floor search', 'floor');
    row('floor search');
    row('REST ... &sortBy=name', 'floor sortBy=name', 'floor');
    row('floor sortBy=name');
    row('GraphQL nested (ours)', 'PostGraphile nested', 'PostGraphile');
    row('PostGraphile nested');
    row('REST /api/contacts?limit=50', NO_RLS.rest, 'row security off');
    row(NO_RLS.rest);
    row('GraphQL nested (ours)', NO_RLS.nested, 'row security off');
    row(NO_RLS.nested);
    const loaded = await app.stats();
    const mem = `RSS of the service: ${(idle.rss / 2 ** 20).toFixed(0)} MB idle (after start-up), ${(peakRss / 2 ** 20).toFixed(0)} MB peak under load (${(loaded.rss / 2 ** 20).toFixed(0)} MB after it); floor ${((await floor.stats()).rss / 2 ** 20).toFixed(0)} MB, PostGraphile ${((await pgl.stats()).rss / 2 ** 20).toFixed(0)} MB.`;
    const context = `${ORGS} organizations x ${size ?? CONTACTS} contacts, ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${SECONDS} s per target (medians of the rounds), load average ${load0[0].toFixed(1)} before and ${load1[0].toFixed(1)} after.`;
    console.log(`\n${context}\n${lines.join('\n')}\n${mem}`);

    if (only) return;
    const search = await searchCheck(app.base, first.cookie, db.url, first.org);
    console.log(search.text);
    const explain = await explainSorts(db.url, first.org);
    console.log(explain.text);

    if (process.env.BENCH_APPEND !== 'false') {
      const date = new Date().toISOString().slice(0, 10);
      appendFileSync(
        join(__dirname, '..', '..', 'docs', 'performance.md'),
        `\n### npm run bench http (${date}, ${process.env.BENCH_LABEL ?? 'run'})\n\n${context}\n\n${lines.join('\n')}\n\n${mem}\n\n${search.text}\n\n${explain.summary}\n`,
      );
    }
  } finally {
    for (const s of servers) s.stop();
    await db.close();
  }
}
