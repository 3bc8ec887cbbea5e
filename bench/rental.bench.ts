/**
 * `npm run bench rental` (docs/performance.md, "Rental desk"; issue 29 part 9): over HTTP on loopback, the check-out
 * and the check-in of a 20-line order (10 items tracked by unit x 2 scanned units, 10 bulk lines), and the catalog
 * availability of 100 items tracked by unit (1,000 units) over 90 days, each beside the same statements run bare:
 * the SQL the request sent (recorded from the ORM, bench/statement-capture.ts) replayed on a plain connection in a
 * transaction rolled back. Interleaved A/B/A/B in one loop, so a busy machine weighs on both alike. Target: p50 under
 * 100 ms for each request. BENCH_RUNS (default 30) overrides; BENCH_EXPLAIN=1 prints the statements of the warm-up
 * round and the plan (EXPLAIN ANALYZE) of the availability statement.
 */
import { cpus, loadavg } from 'node:os';
import { Client } from 'pg';
import { withOwnerAccess } from '../src/db/access';
import { runner } from './analytics-seed';
import { benchApp, registerOrg } from './bench-app';
import { seedRentalDesk } from './rental-seed';
import { replayBare, statementRecorder } from './statement-capture';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))];
interface Line {
  id: string;
  itemNumber: string;
}
interface Order {
  id: string;
  lines: Line[];
}

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

export default async function rentalBench(): Promise<void> {
  const { url, orm, base, close } = await benchApp('rental');
  const raw = new Client({ connectionString: url });
  await raw.connect();
  const recorder = statementRecorder(orm);
  try {
    const { org, cookie } = await registerOrg(base, 'bench-desk');
    const call = async <T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { 'content-type': 'application/json', cookie },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
      return JSON.parse(text) as T;
    };
    const customer = await call<{ id: string }>('POST', '/api/customers', {
      name: 'Bench customer',
      email: 'customer@bench.example',
    });
    const seeded = Date.now();
    await seedRentalDesk(runner(orm.em.fork()), org, customer.id);
    await withOwnerAccess(() => orm.em.execute('analyze'));
    const items = (
      await raw.query<{ id: string; item_number: string }>(
        `select id, item_number from inventory_items where organization_id = $1 and (item_number <= 'U-010' and item_number like 'U-%' or item_number <= 'B-10' and item_number like 'B-%') order by item_number`,
        [org],
      )
    ).rows;
    const counts = (
      await raw.query(
        `select (select count(*) from inventory_units)::int as units, (select count(*) from rental_orders)::int as orders, (select count(*) from rental_order_lines)::int as lines,
                (select count(*) from rental_checkouts)::int as checkouts, (select count(*) from rental_returns)::int as returns`,
      )
    ).rows[0];
    console.log(`seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}`);

    // one 20-line order per run (and one to warm up), each on its own 7 days of 2027 so none is short of units
    const orders: Order[] = [];
    for (let i = 0; i <= RUNS; i++) {
      const pickupDate = addDays('2027-01-01', i * 8);
      orders.push(
        await call<Order>('POST', '/api/transactions', {
          customerId: customer.id,
          pickupDate,
          returnDate: addDays(pickupDate, 6),
          lines: items.map((it) => ({ itemId: it.id, quantity: it.item_number.startsWith('U-') ? 2 : 5 })),
        }),
      );
    }
    const unitsOf = (itemNumber: string) => [1, 2].map((k) => ({ assetTag: `${itemNumber}-${k}`, meterOut: '120.0' }));
    const numberOf = (line: Line) => line.itemNumber;
    const checkOut = (o: Order) =>
      call('POST', `/api/transactions/${o.id}/check-out`, {
        releasedTo: 'Bench driver',
        checklistPassed: true,
        lines: o.lines.map((l: Line) =>
          numberOf(l).startsWith('U-') ? { lineId: l.id, units: unitsOf(numberOf(l)) } : { lineId: l.id },
        ),
      });
    const checkIn = (o: Order) =>
      call('POST', `/api/transactions/${o.id}/check-in`, {
        returns: o.lines.flatMap((l: Line): Record<string, unknown>[] =>
          numberOf(l).startsWith('U-')
            ? [1, 2].map((k) => ({
                lineId: l.id,
                assetTag: `${numberOf(l)}-${k}`,
                meterIn: '130.0',
                condition: 'good',
              }))
            : [{ lineId: l.id, quantity: 5, condition: 'good' }],
        ),
      });
    // the items tracked by unit (100 x 10 units), a page of 100 as the API serves it
    const catalog = `/api/inventory-availability?startDate=2026-06-01&endDate=${addDays('2026-06-01', 89)}&search=Machine&limit=100`;

    const cases = {
      checkOut: { api: [] as number[], bare: [] as number[], statements: 0 },
      checkIn: { api: [] as number[], bare: [] as number[], statements: 0 },
      availability: { api: [] as number[], bare: [] as number[], statements: 0 },
    };
    const timed = async (c: (typeof cases)[keyof typeof cases], work: () => Promise<unknown>, record: boolean) => {
      const t0 = process.hrtime.bigint();
      const { statements } = await recorder.record(work);
      const api = ms(t0);
      const t1 = process.hrtime.bigint();
      await replayBare(raw, statements);
      const bare = ms(t1);
      if (process.env.BENCH_EXPLAIN && !record) {
        for (const st of statements) console.log('STMT', st.slice(0, 300).replace(/\s+/g, ' '));
        for (const st of statements.filter((x) => /generate_series/.test(x)))
          console.log(
            (await raw.query(`explain (analyze, buffers) ${st}`)).rows.map((r) => r['QUERY PLAN']).join('\n'),
          );
      }
      if (record) {
        c.api.push(api);
        c.bare.push(bare);
        c.statements = statements.length;
      }
    };
    for (let i = 0; i <= RUNS; i++) {
      const warm = i > 0; // the first round warms up
      await timed(cases.checkOut, () => checkOut(orders[i]), warm);
      await timed(cases.checkIn, () => checkIn(orders[i]), warm);
      await timed(cases.availability, () => call('GET', catalog), warm);
    }
    const availability = await call<{ data: { quantityOwned: number }[] }>('GET', catalog);
    const units = availability.data.reduce((n, it) => n + it.quantityOwned, 0);
    console.log(
      `\n${RUNS} runs each, interleaved (API, bare, API, bare...); ms. "API" = the request over HTTP (session, REST row, GraphQL, service, JSON); "bare" = the statements it sent, replayed on a plain connection\n`,
    );
    console.log(
      `${'operation'.padEnd(60)} ${'API p50'.padStart(8)} ${'p95'.padStart(7)}  ${'bare p50'.padStart(8)} ${'p95'.padStart(7)}  ratio p50  statements`,
    );
    const line = (label: string, c: (typeof cases)[keyof typeof cases]) =>
      console.log(
        `${label.padEnd(60)} ${quantile(c.api, 0.5).toFixed(1).padStart(8)} ${quantile(c.api, 0.95).toFixed(1).padStart(7)}  ${quantile(c.bare, 0.5).toFixed(1).padStart(8)} ${quantile(c.bare, 0.95).toFixed(1).padStart(7)}  ${(quantile(c.api, 0.5) / quantile(c.bare, 0.5)).toFixed(1).padStart(8)}x  ${c.statements}`,
      );
    line('check-out, 20 lines (20 scanned units, 10 bulk lines)', cases.checkOut);
    line('check-in, 20 lines (20 units, 10 bulk quantities)', cases.checkIn);
    line(`availability, ${availability.data.length} items (${units} units) x 90 days`, cases.availability);
    const slow = Object.entries(cases).filter(([, c]) => quantile(c.api, 0.5) >= 100);
    console.log(
      slow.length
        ? `\nover 100 ms at p50: ${slow.map(([k]) => k).join(', ')}`
        : '\nevery operation under 100 ms at p50',
    );
    console.log(
      `load average (1, 5, 15 min) at the end: ${loadavg()
        .map((x) => x.toFixed(2))
        .join(', ')} on ${cpus().length} cores`,
    );
  } finally {
    recorder.restore();
    await raw.end();
    await close();
  }
}
