/**
 * Part 4 of the performance issue: the p95 of `GET /api/contacts?search=` against the raw statements it needs
 * (the page and the count on a plain pg connection, same indexes), one request at a time, alternately.
 */
import { Client } from 'pg';
import { contactListSql } from './contact-sql';

const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 200);
const TERMS = ['c1234', 'jordan 1'];

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

export async function searchCheck(base: string, cookie: string, url: string, org: string): Promise<{ text: string }> {
  const c = new Client({ connectionString: url });
  await c.connect();
  const lines = ['| search | API p95 ms | raw SQL p95 ms | difference ms |', '|---|---:|---:|---:|'];
  try {
    const [{ total }] = (await c.query(`select count(*)::int as total from contacts`)).rows;
    for (const term of TERMS) {
      const sql = contactListSql({ org, search: term });
      const api: number[] = [];
      const raw: number[] = [];
      for (let i = 0; i < RUNS + 10; i++) {
        let t0 = process.hrtime.bigint();
        const res = await fetch(`${base}/api/contacts?limit=50&search=${encodeURIComponent(term)}`, {
          headers: { cookie },
        });
        await res.text();
        if (i >= 10) api.push(ms(t0));
        t0 = process.hrtime.bigint();
        await c.query(sql.page, sql.params);
        await c.query(sql.count, sql.params);
        if (i >= 10) raw.push(ms(t0));
      }
      const a = p95(api);
      const r = p95(raw);
      lines.push(`| \`${term}\` | ${a.toFixed(1)} | ${r.toFixed(1)} | ${(a - r).toFixed(1)} |`);
    }
    return {
      text: `Search, ${RUNS} sequential requests per term with ${total.toLocaleString('en-US')} contacts in the table (target: API p95 within 2 ms of the raw SQL):\n\n${lines.join('\n')}`,
    };
  } finally {
    await c.end();
  }
}
