/**
 * The search box at size (docs/performance.md, "Search"): two organizations of 100,000 contacts each (BENCH_CONTACTS)
 * with their leads, customers, orders, companies, opportunities and items (bench/search-seed.ts), then, for each
 * query, GET /api/search over HTTP on loopback (session, REST row, GraphQL, shield, the statement, JSON) against the
 * bare SQL of the same statement on a plain connection (prepared, as the API runs it), interleaved A/B/A/B. Target: p95 of the API under 20 ms.
 */
import { cpus, loadavg } from 'node:os';
import { Client } from 'pg';
import { withOwnerAccess } from '../src/db/access';
import { searchQuery } from '../src/modules/search/search.service';
import { SearchArgs, SEARCH_LIMIT_DEFAULT } from '../src/modules/search/search.types';
import { runner } from './analytics-seed';
import { benchApp, registerOrg } from './bench-app';
import { fmt as fmtDigits, interleaved, quantile } from './timing';

const fmt = (xs: number[]) => fmtDigits(xs, 2);

import { seedSearch } from './search-seed';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000);
/** A typo, the exact name, a first name, a full name, an email fragment, an item number, two letters. */
const QUERIES = ['Hendriks', 'Hendricks', 'Dana', 'Dana Hendricks', 'hendricks.example', 'IT-42', 'Al'];

export default async function searchBench(): Promise<void> {
  const { url, orm, base, close } = await benchApp('search');
  const raw = new Client({ connectionString: url });
  await raw.connect();
  try {
    const main = await registerOrg(base, 'bench-search');
    const other = await registerOrg(base, 'bench-search-other');
    const run = runner(orm.em.fork());
    const seeded = Date.now();
    await withOwnerAccess(async () => {
      for (const org of [main.org, other.org]) await seedSearch(run, org, CONTACTS);
      await run('analyze');
    });
    const counts = (
      await raw.query(
        `select (select count(*) from contacts where organization_id = $1)::int as contacts, (select count(*) from contacts)::int as all_contacts,
          (select count(*) from leads where organization_id = $1)::int as leads, (select count(*) from rental_orders where organization_id = $1)::int as orders,
          (select count(*) from companies where organization_id = $1)::int as companies, (select count(*) from opportunities where organization_id = $1)::int as opportunities`,
        [main.org],
      )
    ).rows[0];
    console.log(`seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}`);
    console.log(
      `\n${RUNS} runs per query, interleaved; ms p50 / p95. "API" = GET /api/search?q= (limit ${SEARCH_LIMIT_DEFAULT}); "SQL" = its statement on a plain connection\n`,
    );
    console.log(
      `${'q'.padEnd(20)} ${'shown'.padStart(6)} ${'API p50'.padStart(7)} ${'p95'.padStart(7)}   ${'SQL p50'.padStart(7)} ${'p95'.padStart(7)}`,
    );
    const all = { api: [] as number[], sql: [] as number[] };
    for (const q of QUERIES) {
      const get = async () => {
        const res = await fetch(`${base}/api/search?q=${encodeURIComponent(q)}`, { headers: { cookie: main.cookie } });
        if (res.status !== 200) throw new Error(`search ${q}: ${res.status} ${await res.text()}`);
        return (await res.json()) as { data: unknown[] };
      };
      const { sql: text, bindings, name } = searchQuery(main.org, Object.assign(new SearchArgs(), { q }));
      const statement = orm.em
        .getKnex()
        .raw(text, bindings as never)
        .toSQL()
        .toNative();
      // as the API runs it: prepared (src/db/prepared-statement.ts)
      const values = statement.bindings as unknown[];
      const bare = () => raw.query({ name, text: statement.sql, values });
      const hits = (await get()).data.length; // warm-up
      await bare();
      const { a: api, b: sql } = await interleaved(RUNS, get, bare);
      all.api.push(...api);
      all.sql.push(...sql);
      console.log(`${q.padEnd(20)} ${String(hits).padStart(6)} ${fmt(api)}   ${fmt(sql)}`);
    }
    console.log(`${'every query'.padEnd(20)} ${''.padStart(6)} ${fmt(all.api)}   ${fmt(all.sql)}`);
    const p95 = quantile(all.api, 0.95);
    console.log(
      `\nAPI p95 ${p95.toFixed(2)} ms: ${p95 < 20 ? 'under' : 'OVER'} the 20 ms target; ${(p95 / quantile(all.sql, 0.95)).toFixed(2)}x the bare SQL's p95`,
    );
    console.log(
      `load average (1, 5, 15 min) at the end: ${loadavg()
        .map((x) => x.toFixed(2))
        .join(', ')} on ${cpus().length} cores`,
    );
  } finally {
    await raw.end();
    await close();
  }
}
