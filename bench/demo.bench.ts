/**
 * `npm run bench demo`: how long the demo business takes to seed (src/demo, what `npm start` does on a first start
 * and `npm run seed` does on demand), beside a baseline of the same run: one bare multi-row INSERT of as many rows
 * as the seed wrote, into a scratch table of the same database. Rounds are interleaved (seed, bare, seed, bare...)
 * so a busy machine weighs on both alike. This replaced the unit test "seeds in well under five seconds", a timing
 * that failed on a busy machine (issue 32, part 9).
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import { openAppDatabase } from '../src/composition';
import { withOwnerAccess } from '../src/db/access';
import { seedDemo } from '../src/demo';
import { benchDatabase } from './bench-db';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Rows of every table that carries the demo organization's id. */
async function rowsOf(orm: MikroORM, organizationId: string): Promise<number> {
  const tables = await orm.em.execute<{ table_name: string }[]>(
    `select table_name from information_schema.columns where column_name = 'organization_id' and table_schema = 'public'`,
  );
  let rows = 0;
  for (const { table_name } of tables) {
    const [{ n }] = await orm.em.execute<{ n: string }[]>(
      `select count(*) as n from "${table_name}" where organization_id = ?`,
      [organizationId],
    );
    rows += Number(n);
  }
  return rows;
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

export default async function demoBench(): Promise<void> {
  const db = await benchDatabase('demo');
  const orm = await openAppDatabase(db.url, { migrate: true });
  try {
    const organizationId = await seedDemo(orm);
    const rows = await withOwnerAccess(() => rowsOf(orm, organizationId));
    await withOwnerAccess(() =>
      orm.em.execute(`create table bench_scratch (id uuid primary key, organization_id uuid, payload jsonb)`),
    );
    const bare = () =>
      withOwnerAccess(async () => {
        await orm.em.execute('truncate bench_scratch');
        await orm.em.execute(
          `insert into bench_scratch select gen_random_uuid(), ?, jsonb_build_object('i', i) from generate_series(1, ?) i`,
          [organizationId, rows],
        );
      });
    const seeds: number[] = [];
    const bares: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      seeds.push(await timed(() => seedDemo(orm)));
      bares.push(await timed(bare));
    }
    const s = median(seeds);
    const b = median(bares);
    console.log(`demo rows written: ${rows}`);
    console.log(`| | median of ${ROUNDS} (ms) | runs (ms) |`);
    console.log('|---|---|---|');
    console.log(`| seedDemo | ${s.toFixed(0)} | ${seeds.map((x) => x.toFixed(0)).join(', ')} |`);
    console.log(`| bare INSERT of as many rows | ${b.toFixed(0)} | ${bares.map((x) => x.toFixed(0)).join(', ')} |`);
    console.log(`seed / bare: ${(s / b).toFixed(1)}x`);
  } finally {
    await orm.close(true);
    await db.drop();
  }
}
