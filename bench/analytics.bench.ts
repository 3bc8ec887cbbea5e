/**
 * Analytics reports at size (docs/performance.md): seeds a large rental business (bench/analytics-seed.ts:
 * 100,000 orders for the organization measured, plus two smaller organizations sharing the tables; 1,000,000
 * activities across them), then, for every analytics REST row, times the whole
 * request over HTTP on loopback (session, REST row, GraphQL, shield, report, JSON) and, interleaved in the same
 * loop, the raw SQL of that report replayed on a plain connection. Target: every report under 200 ms.
 * BENCH_RUNS (default 15) and BENCH_SCALE (default 1) override; BENCH_ONLY (a regular expression over the printed
 * report labels) times only the matching cases.
 */
import { cpus, loadavg } from 'node:os';
import { Client } from 'pg';
import { analyticsReports } from '../src/modules/analytics/analytics.routes';
import { reportTrace } from '../src/modules/analytics/shared/report-sql';
import { runner, seedActivities, seedOrganization } from './analytics-seed';
import { benchApp, registerOrg } from './bench-app';
import { fmt, interleaved, quantile } from './timing';
import { withOwnerAccess } from '../src/db/access';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const YEAR = '?startDate=2026-01-01&endDate=2026-12-31';
/** What each row is timed with: a year in months (against the year before) where the row takes a range, its defaults
 * otherwise; the dashboard and the insights also at their default, the last 30 days, as a manager opens them. */
const cases = () =>
  analyticsReports
    .flatMap((r) => {
      const ranged = r.summary.includes('startDate');
      const own = { report: r, query: ranged ? YEAR : '', label: `${r.path}${ranged ? ' (2026)' : ''}` };
      return /dashboard|insights/.test(r.path) ? [{ report: r, query: '', label: `${r.path} (30 days)` }, own] : [own];
    })
    .filter((c) => new RegExp(process.env.BENCH_ONLY ?? '').test(c.label));

export default async function analyticsBench(): Promise<void> {
  const { url, orm, base, close } = await benchApp('analytics');
  const raw = new Client({ connectionString: url });
  await raw.connect();
  try {
    const register = (name: string) => registerOrg(base, name);
    const main = await register('bench-main');
    const others = [await register('bench-other-1'), await register('bench-other-2')];
    await fetch(`${base}/api/settings/organization`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: main.cookie },
      body: JSON.stringify({ timezone: 'America/Chicago' }),
    });
    const run = runner(orm.em.fork());
    const seeded = Date.now();
    await seedOrganization(run, main.org, SCALE);
    for (const o of others) await seedOrganization(run, o.org, SCALE / 4);
    await seedActivities(run, [main.org, ...others.map((o) => o.org)], Math.round(1_000_000 * SCALE));
    await withOwnerAccess(() => run('analyze')); // statistics need the tables' owner, not the service role
    const counts = (
      await raw.query(
        `select (select count(*) from rental_orders where organization_id = $1)::int as orders, (select count(*) from rental_orders)::int as all_orders,
      (select count(*) from rental_order_lines)::int as lines, (select count(*) from invoices)::int as invoices, (select count(*) from opportunities)::int as opps, (select count(*) from tasks)::int as tasks,
      (select count(*) from contacts)::int as contacts`,
        [main.org],
      )
    ).rows[0];
    console.log(
      `seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s: ${JSON.stringify(counts)} and ${Math.round(1_000_000 * SCALE)} activities`,
    );
    console.log(
      `\n${RUNS} runs each, interleaved; ms p50 / p95. "API" = GET over HTTP (REST row -> GraphQL -> report -> JSON); "SQL" = the report's statements replayed on a plain connection\n`,
    );
    console.log(
      `${'report'.padEnd(48)} ${'API p50'.padStart(7)} ${'p95'.padStart(7)}   ${'SQL p50'.padStart(7)} ${'p95'.padStart(7)}  statements`,
    );
    const worst: string[] = [];
    for (const { report: r, query, label } of cases()) {
      const url = `${base}${r.path}${query}`;
      const get = async () => {
        const res = await fetch(url, { headers: { cookie: main.cookie } });
        if (res.status !== 200) throw new Error(`${r.path}: ${res.status} ${await res.text()}`);
        await res.text();
      };
      const statements: { sql: string; bindings: readonly unknown[] }[] = [];
      reportTrace.statement = (sql, bindings) => statements.push({ sql, bindings });
      await get(); // warm-up, and the statements the report sends
      reportTrace.statement = undefined;
      const { a: api, b: sql } = await interleaved(RUNS, get, async () => {
        for (const s of statements) await raw.query(s.sql, s.bindings as unknown[]);
      });
      if (quantile(api, 0.5) > 200) worst.push(label);
      console.log(
        `${label.padEnd(48)} ${fmt(api)}   ${fmt(sql)}  ${statements.length}${statements.length ? '' : ' (SQL of the sales module)'}`,
      );
    }
    console.log(worst.length ? `\nover 200 ms at p50: ${worst.join(', ')}` : '\nevery report under 200 ms at p50');
    console.log(
      `load average (1, 5, 15 min) at the end: ${loadavg()
        .map((x) => x.toFixed(2))
        .join(', ')} on ${cpus().length} cores`,
    );
  } finally {
    reportTrace.statement = undefined;
    await raw.end();
    await close();
  }
}
