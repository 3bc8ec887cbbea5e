/**
 * Catalog availability (docs/rental.md, rental operations part 7): seeds BENCH_ITEMS (default 10,000)
 * inventory items, BENCH_LINES (default 100,000) order lines on orders spread over a year, and 1,000
 * maintenance holds, then times the catalog availability query for a month (30 days) — a page of 100
 * items, as GET /api/inventory-availability serves it, and the whole catalog in one statement — and prints
 * the latencies beside the raw SQL that runs, with a plain page of items as the baseline of the same run.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { openAppDatabase } from '../src/composition';
import { TENANT_FILTER } from '../src/db/tenant-filter';
import { Organization } from '../src/modules/accounts/organizations/organization.entity';
import { AvailabilityService } from '../src/modules/rental/inventory/availability.service';
import {
  AvailabilityFilter,
  availabilityRows,
  availabilitySql,
} from '../src/modules/rental/inventory/availability.query';
import { benchDatabase } from './bench-db';
import { withOwnerAccess } from '../src/db/access';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);

async function seed(em: EntityManager, org: string, items: number, lines: number): Promise<void> {
  const run = (sql: string, bindings: Record<string, unknown> = {}) =>
    em.execute(em.getKnex().raw(sql, { org, ...bindings } as never));
  await run(
    `insert into inventory_items (id, created_at, updated_at, organization_id, name, item_number, category, daily_rate, weekly_rate, quantity_owned, specifications, status)
    select gen_random_uuid(), now(), now(), :org, 'Item ' || lpad(i::text, 6, '0'), 'IT-' || i, 'Category ' || (i % 20), 50 + i % 50, 250, 5 + i % 10, '{}', 'active'
    from generate_series(1, :items) i`,
    { items },
  );
  await run(
    `insert into contacts (id, created_at, updated_at, organization_id, name, status) values (gen_random_uuid(), now(), now(), :org, 'Bench customer', 'customer')`,
  );
  await run(
    `insert into customers (id, created_at, updated_at, organization_id, contact_id, lifetime_order_value) select gen_random_uuid(), now(), now(), :org, id, 0 from contacts where organization_id = :org`,
  );
  const orders = Math.ceil(lines / 4);
  await run(
    `insert into rental_orders (id, created_at, updated_at, organization_id, customer_id, order_date, pickup_date, return_date, rental_days, status, subtotal, tax_rate, tax, total, currency)
    select gen_random_uuid(), now(), now(), :org, c.id, s.d, s.d, s.d + (s.i % 14), s.i % 14 + 1,
      case when s.i % 10 = 0 then 'cancelled' when s.i % 3 = 0 then 'completed' else 'pending' end, 100, 0, 0, 100, 'USD'
    from (select i, date '2026-01-01' + (i % 365) as d from generate_series(1, :orders) i) s cross join (select id from customers where organization_id = :org limit 1) c`,
    { orders },
  );
  await run(
    `insert into rental_order_lines (id, created_at, updated_at, organization_id, order_id, item_id, position, item_number, item_name, quantity, days, billed_days, breakdown, unit_price, amount)
    select gen_random_uuid(), now(), now(), :org, o.id, it.id, k, it.item_number, it.name, 1, o.rental_days, o.rental_days, '[]', 50, 50
    from (select id, rental_days, row_number() over (order by id) as rn from rental_orders where organization_id = :org) o
    cross join generate_series(0, 3) k
    join (select id, item_number, name, row_number() over (order by id) as rn from inventory_items where organization_id = :org) it on it.rn = ((o.rn * 7 + k * 2503) % :items) + 1
    limit :lines`,
    { items, lines },
  );
  await run(`insert into maintenance_holds (id, created_at, updated_at, organization_id, item_id, quantity, start_date, end_date)
    select gen_random_uuid(), now(), now(), :org, id, 1, date '2026-06-01' + (rn % 60)::int, case when rn % 5 = 0 then null else date '2026-06-01' + (rn % 60)::int + 7 end
    from (select id, row_number() over (order by id) as rn from inventory_items where organization_id = :org) i where rn <= 1000`);
  await withOwnerAccess(() => run('analyze')); // statistics need the tables' owner, not the service role
}

async function time(work: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await work(); // warm-up
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    await work();
    ms.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  ms.sort((a, b) => a - b);
  return { p50: ms[Math.floor(RUNS * 0.5)], p95: ms[Math.min(RUNS - 1, Math.floor(RUNS * 0.95))] };
}

const fmt = (t: { p50: number; p95: number }) => `p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms`;

export default async function availabilityBench(): Promise<void> {
  const items = Number(process.env.BENCH_ITEMS ?? 10_000);
  const lines = Number(process.env.BENCH_LINES ?? 100_000);
  const db = await benchDatabase('availability');
  const orm = await openAppDatabase(db.url);
  try {
    const setup = orm.em.fork();
    const org = new Organization('Bench Rentals');
    await setup.persistAndFlush(org);
    const seeded = Date.now();
    await seed(orm.em.fork(), org.id, items, lines);
    const counts = await orm.em.execute(
      `select (select count(*) from inventory_items)::int as items, (select count(*) from rental_order_lines)::int as lines, (select count(*) from maintenance_holds)::int as holds`,
    );
    console.log(
      `seeded ${counts[0].items} items, ${counts[0].lines} order lines, ${counts[0].holds} maintenance holds in ${((Date.now() - seeded) / 1000).toFixed(1)} s`,
    );

    const em = orm.em.fork();
    em.setFilterParams(TENANT_FILTER, { organizationId: org.id });
    const month = { startDate: '2026-06-01', endDate: '2026-06-30' };
    const service = new AvailabilityService();
    const page: AvailabilityFilter = {
      organizationId: org.id,
      activeOnly: true,
      ...month,
      page: { limit: 100, offset: 4_000 },
    };
    const whole: AvailabilityFilter = { organizationId: org.id, activeOnly: true, ...month };

    const baseline = await time(() =>
      em.execute(
        em
          .getKnex()
          .raw(
            'select * from inventory_items where organization_id = :org and status = :active order by name, id limit 100 offset 4000',
            { org: org.id, active: 'active' },
          ),
      ),
    );
    const pageT = await time(() => service.catalog(em, org.id, { ...month, page: 41, limit: 100 }));
    let rows = 0;
    const wholeT = await time(async () => (rows = (await availabilityRows(em, whole)).length));

    const { sql, bindings } = availabilitySql(page);
    console.log('\nSQL (named parameters; the whole-catalog run is the same without "limit :limit offset :offset"):\n');
    console.log(sql);
    console.log(`\nparameters: ${JSON.stringify(bindings)}\n`);
    console.log(`baseline, a plain page of 100 items:                         ${fmt(baseline)}`);
    console.log(
      `catalog availability, 30 days, a page of 100 items (+count): ${fmt(pageT)}  (${(pageT.p50 / baseline.p50).toFixed(1)}x baseline)`,
    );
    console.log(
      `catalog availability, 30 days, all ${items} items (${rows} rows): ${fmt(wholeT)}  (${(wholeT.p50 / baseline.p50).toFixed(1)}x baseline)`,
    );
  } finally {
    await orm.close(true);
    await db.drop();
  }
}
